import { ACCESS_COOKIE } from '@devmarket/contract';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceProjectName } from '../../src/plugins/workspace-name';
import { addMember, createProject } from '../factories/projects';
import { createUser } from '../factories/users';
import { buildTestApp, call, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** The page request as the static plugin hands it over: the session cookie is all that is read. */
const pageRequest = (token?: string) =>
  ({ cookies: token ? { [ACCESS_COOKIE]: token } : {}, log: t.app.log }) as unknown as FastifyRequest;

describe('the project name in the workspace frame (issue 33)', () => {
  it('is given to whoever GET /projects/{handle} shows the project, and to no one else', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app, { type: 'Developer' });
    const stranger = await createUser(t.app, { type: 'Developer' });
    const secret = await createProject(t.app, owner.user.id, { name: 'Secret <Launch>', visibility: 'Private' });
    const open = await createProject(t.app, owner.user.id, { name: 'Open Roadmap', visibility: 'Public' });
    await addMember(t.app, secret.id, member.user.id);
    const nameFor = workspaceProjectName(t.app);

    for (const [who, token] of [
      ['owner', owner.token],
      ['member', member.token],
    ] as const) {
      expect(await nameFor(pageRequest(token), { handle: secret.handle }), who).toBe('Secret <Launch>');
      expect(await nameFor(pageRequest(token), { id: secret.id }), who).toBe('Secret <Launch>');
    }
    // The API agrees for every caller below: no name where it answers 404.
    expect((await call(t.app, 'GET', `/projects/${secret.handle}`, { token: stranger.token })).status).toBe(404);
    expect(await nameFor(pageRequest(stranger.token), { handle: secret.handle })).toBeNull();
    expect(await nameFor(pageRequest(), { handle: secret.handle })).toBeNull();
    expect(await nameFor(pageRequest('not-a-session'), { handle: secret.handle })).toBeNull();
    expect(await nameFor(pageRequest('x'.repeat(500)), { handle: secret.handle })).toBeNull();
    expect(await nameFor(pageRequest(owner.token), { handle: 'no-such-project' })).toBeNull();
    expect(await nameFor(pageRequest(owner.token), { id: 'not-a-uuid' })).toBeNull();
    // A public project's name is anyone's who is signed in, as its page is.
    expect(await nameFor(pageRequest(stranger.token), { handle: open.handle.toUpperCase() })).toBe('Open Roadmap');
    // Signed out: the session no longer names anyone.
    expect((await call(t.app, 'POST', '/auth/logout', { token: member.token })).status).toBeLessThan(300);
    expect(await nameFor(pageRequest(member.token), { handle: secret.handle })).toBeNull();
  });
});
