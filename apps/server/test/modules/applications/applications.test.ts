import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('POST /applications/project/{id}/apply', () => {
  it('validates the message: required, at most 400 characters', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    const p = await createProject(t.app, owner.user.id);
    const url = `/applications/project/${p.id}/apply`;
    expectValidationError(await call(t.app, 'POST', url, { token: dev.token, body: { message: '   ' } }), {
      message: 'This field is required.',
    });
    expectValidationError(await call(t.app, 'POST', url, { token: dev.token, body: { message: 'x'.repeat(401) } }), {
      message: 'Message must be less than 400 characters',
    });
    const ok = await call(t.app, 'POST', url, { token: dev.token, body: { message: 'x'.repeat(400) } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('lets a developer apply once: the second time is 409 with code 10424', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    const p = await createProject(t.app, owner.user.id);
    const has = () => call(t.app, 'GET', `/applications/project/${p.id}/has-applied`, { token: dev.token });
    expect((await has()).body).toEqual({ hasApplied: false });
    const url = `/applications/project/${p.id}/apply`;
    expect((await call(t.app, 'POST', url, { token: dev.token, body: { message: 'I can help' } })).status).toBe(200);
    const again = await call(t.app, 'POST', url, { token: dev.token, body: { message: 'Me again' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 10424, msg: 'You have already applied to this project' });
    expect((await has()).body).toEqual({ hasApplied: true });
  });

  it('refuses clients, members, guests, and outsiders of a private project', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    const member = await createUser(t.app, { type: 'Developer' });
    const client = await createUser(t.app);
    const pub = await createProject(t.app, owner.user.id);
    const priv = await createProject(t.app, owner.user.id, { visibility: 'Private' });
    await addMember(t.app, pub.id, member.user.id);
    const body = { message: 'Hello' };
    expect((await call(t.app, 'POST', `/applications/project/${pub.id}/apply`, { body })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', `/applications/project/${pub.id}/apply`, { token: client.token, body })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', `/applications/project/${pub.id}/apply`, { token: member.token, body })).status,
    ).toBe(409);
    expect(
      (await call(t.app, 'POST', `/applications/project/${priv.id}/apply`, { token: dev.token, body })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/applications/project/${priv.id}/has-applied`, { token: dev.token })).status,
    ).toBe(404);
  });
});

describe('applicants', () => {
  it('the owner lists and ignores applicants; nobody else may', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app, { type: 'Developer' });
    const dev = await createUser(t.app, { type: 'Developer', title: 'Rust engineer' });
    const p = await createProject(t.app, owner.user.id);
    await addMember(t.app, p.id, member.user.id);
    await call(t.app, 'POST', `/applications/project/${p.id}/apply`, {
      token: dev.token,
      body: { message: 'Pick me' },
    });

    expect((await call(t.app, 'GET', `/project/${p.id}/applicants`, { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/project/${p.id}/applicants`, { token: dev.token })).status).toBe(403);
    const list = await call(t.app, 'GET', `/project/${p.id}/applicants`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        userID: dev.user.id,
        message: 'Pick me',
        user: expect.objectContaining({ title: 'Rust engineer' }),
      }),
    ]);
    const appId = list.body[0].id;
    expect((await call(t.app, 'POST', `/applications/${p.id}/${appId}/ignore`, { token: member.token })).status).toBe(
      403,
    );
    expect((await call(t.app, 'POST', `/applications/${p.id}/${appId}/ignore`, { token: owner.token })).status).toBe(
      200,
    );
    expect((await call(t.app, 'POST', `/applications/${p.id}/${appId}/ignore`, { token: owner.token })).status).toBe(
      404,
    );
    expect((await call(t.app, 'GET', `/project/${p.id}/applicants`, { token: owner.token })).body).toEqual([]);
    // Ignored still counts as applied.
    const again = await call(t.app, 'POST', `/applications/project/${p.id}/apply`, {
      token: dev.token,
      body: { message: 'x' },
    });
    expect(again.body.code).toBe(10424);
  });

  it('an outsider of a private project gets 404 on its applicants', async () => {
    const owner = await createUser(t.app);
    const outsider = await createUser(t.app);
    const p = await createProject(t.app, owner.user.id, { visibility: 'Private' });
    expect((await call(t.app, 'GET', `/project/${p.id}/applicants`, { token: outsider.token })).status).toBe(404);
  });
});
