import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, messages } from '../../../src/db/schema/index';
import { addMember, createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('invites', () => {
  it('invites with a PROJECT_INVITE message; the developer sees the private project and accepts', async () => {
    const owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Owner' });
    const dev = await createUser(t.app, { type: 'Developer' });
    const p = await createProject(t.app, owner.user.id, { visibility: 'Private', name: 'Hidden Gem' });

    expect((await call(t.app, 'GET', `/projects/id/${p.id}`, { token: dev.token })).status).toBe(404);
    const r = await call(t.app, 'POST', `/invites/projects/${p.id}`, {
      token: owner.token,
      body: { userID: dev.user.id },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ status: 'invited', messageID: expect.any(String) });

    const [msg] = await t.app.db.select().from(messages).where(eq(messages.id, r.body.messageID));
    expect(msg).toMatchObject({ type: 'PROJECT_INVITE', projectId: p.id, userId: owner.user.id });
    expect(msg.text).toContain('Hidden Gem');
    const [invite] = await t.app.db
      .select()
      .from(invites)
      .where(and(eq(invites.projectId, p.id), eq(invites.userId, dev.user.id)));
    expect(invite.messageId).toBe(msg.id);

    // Idempotent: the same invite again, no second message.
    const again = await call(t.app, 'POST', `/invites/projects/${p.id}`, {
      token: owner.token,
      body: { userID: dev.user.id },
    });
    expect(again.body.messageID).toBe(r.body.messageID);

    const list = await call(t.app, 'GET', `/invites/projects/${p.id}`, { token: owner.token });
    expect(list.body).toEqual([
      expect.objectContaining({
        userID: dev.user.id,
        projectID: p.id,
        User: expect.objectContaining({ firstName: 'Test' }),
      }),
    ]);

    expect((await call(t.app, 'GET', `/projects/id/${p.id}`, { token: dev.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/invites/projects/${p.id}/has-invite`, { token: dev.token })).body).toEqual({
      hasInvite: true,
      messageID: r.body.messageID,
    });
    const accepted = await call(t.app, 'POST', `/invites/projects/${p.id}/accept`, { token: dev.token });
    expect(accepted.body).toEqual({ projectID: p.id, handle: p.handle });
    const users = await call(t.app, 'GET', `/projects/${p.id}/users`, { token: dev.token });
    expect(users.body).toContainEqual(expect.objectContaining({ userID: dev.user.id, role: 'Admin' }));
    expect(
      (await call(t.app, 'GET', `/invites/projects/${p.id}/has-invite`, { token: dev.token })).body.hasInvite,
    ).toBe(false);
    expect((await call(t.app, 'POST', `/invites/projects/${p.id}/accept`, { token: dev.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/invites/projects/${p.id}`, { token: owner.token })).body).toEqual([]);
    // Already on the team now.
    expect(
      (await call(t.app, 'POST', `/invites/projects/${p.id}`, { token: owner.token, body: { userID: dev.user.id } }))
        .status,
    ).toBe(409);
  });

  it('adding an applicant puts them on the team at once', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    const p = await createProject(t.app, owner.user.id);
    await call(t.app, 'POST', `/applications/project/${p.id}/apply`, { token: dev.token, body: { message: 'Hi' } });
    const r = await call(t.app, 'POST', `/invites/projects/${p.id}`, {
      token: owner.token,
      body: { userID: dev.user.id },
    });
    expect(r.body).toEqual({ status: 'added', messageID: null });
    expect((await call(t.app, 'GET', `/project/${p.id}/applicants`, { token: owner.token })).body).toEqual([]);
    const my = await call(t.app, 'GET', '/projects/my', { token: dev.token });
    expect(my.body.map((x: { id: string }) => x.id)).toContain(p.id);
  });

  it('only the owner invites, lists and deletes invites; an outsider of a private project gets 404', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app, { type: 'Developer' });
    const dev = await createUser(t.app, { type: 'Developer' });
    const outsider = await createUser(t.app);
    const p = await createProject(t.app, owner.user.id, { visibility: 'Private' });
    await addMember(t.app, p.id, member.user.id);
    const body = { userID: dev.user.id };

    expect((await call(t.app, 'POST', `/invites/projects/${p.id}`, { token: member.token, body })).status).toBe(403);
    expect((await call(t.app, 'POST', `/invites/projects/${p.id}`, { token: outsider.token, body })).status).toBe(404);
    expect((await call(t.app, 'GET', `/invites/projects/${p.id}`, { token: member.token })).status).toBe(403);
    expect(
      (await call(t.app, 'POST', `/invites/projects/${p.id}`, { token: owner.token, body: { userID: 'nope' } })).status,
    ).toBe(422);
    expect(
      (
        await call(t.app, 'POST', `/invites/projects/${p.id}`, {
          token: owner.token,
          body: { userID: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404);

    await call(t.app, 'POST', `/invites/projects/${p.id}`, { token: owner.token, body });
    expect(
      (await call(t.app, 'DELETE', `/invites/projects/${p.id}/${dev.user.id}`, { token: member.token })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', `/invites/projects/${p.id}/${dev.user.id}`, { token: owner.token })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'DELETE', `/invites/projects/${p.id}/${dev.user.id}`, { token: owner.token })).status,
    ).toBe(404);
    expect((await call(t.app, 'POST', `/invites/projects/${p.id}/accept`, { token: dev.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/invites/projects/${p.id}/has-invite`, { token: dev.token })).status).toBe(404);
  });
});
