import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundUser } from '../factories/money';
import { createUser, TEST_PASSWORD } from '../factories/users';
import { VALID } from '../modules/ledger/support';
import { buildTestApp, call, type TestApp } from '../helper';
import { buildWorld, type World } from './fixtures';

/**
 * DESIGN §14, the forged cross-site requests of issue 27: a write authenticated by the
 * AccessToken cookie must come from the app's own origin (403 otherwise, nothing changes); a
 * bearer request is exempt; multipart bodies are parsed on upload routes only (415 elsewhere).
 * No APP_URL here, so "own" is the request's own host (inject's `localhost`).
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t.app);
}, 90_000);
afterAll(async () => t?.close());

const OWN = 'http://localhost';
const EVIL = 'https://evil.example';

/** A request carrying only the cookie, with the given headers and body. */
async function withCookie(
  method: 'POST' | 'DELETE' | 'GET',
  url: string,
  token: string,
  headers: Record<string, string>,
  payload?: string | object,
) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    cookies: { AccessToken: token },
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}
const emptyMultipart = { 'content-type': 'multipart/form-data; boundary=x' };

async function assignedTask() {
  const r = await call(t.app, 'POST', '/tasks', {
    token: w.users.owner.token,
    body: { projectID: w.project.id, summary: 'Keep me assigned', assigneeID: w.users.member.user.id },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as string;
}
const assignee = async (id: string) =>
  (await call(t.app, 'GET', `/tasks/${id}`, { token: w.users.owner.token })).body.Assignee?.id ?? null;

describe('cookie-authenticated writes need our own Origin', () => {
  it('POST /tasks/{id}/unassign: cookie + empty multipart + evil Origin is 403 and the task stays assigned', async () => {
    const id = await assignedTask();
    const owner = w.users.owner.token;
    const before = await assignee(id);
    expect(before).toBe(w.users.member.user.id);
    expect(
      (await withCookie('POST', `/tasks/${id}/unassign`, owner, { origin: EVIL, ...emptyMultipart }, '')).status,
    ).toBe(403);
    // Our own origin, but a multipart body off the upload routes: 415.
    expect(
      (await withCookie('POST', `/tasks/${id}/unassign`, owner, { origin: OWN, ...emptyMultipart }, '')).status,
    ).toBe(415);
    // No Origin and no Referer; a foreign Referer; an opaque "null" Origin.
    expect((await withCookie('POST', `/tasks/${id}/unassign`, owner, {})).status).toBe(403);
    expect((await withCookie('POST', `/tasks/${id}/unassign`, owner, { referer: `${EVIL}/page` })).status).toBe(403);
    expect((await withCookie('POST', `/tasks/${id}/unassign`, owner, { origin: 'null' })).status).toBe(403);
    expect(await assignee(id)).toBe(before);
    // From our own page (Referer only) it works.
    const ok = await withCookie('POST', `/tasks/${id}/unassign`, owner, { referer: `${OWN}/tasks/x` });
    expect(ok.status, ok.body).toBe(200);
    expect(await assignee(id)).toBeNull();
  });

  it('a bearer request is exempt, whatever its Origin; a cookie read (GET) needs none', async () => {
    const id = await assignedTask();
    const r = await call(t.app, 'POST', `/tasks/${id}/unassign`, {
      token: w.users.owner.token,
      headers: { origin: EVIL },
    });
    expect(r.status).toBe(200);
    expect((await withCookie('GET', `/tasks/${id}`, w.users.owner.token, { origin: EVIL })).status).toBe(200);
    // Multipart with a bearer token off an upload route is still 415.
    const m = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tasks/${id}/unassign`,
      headers: { authorization: `Bearer ${w.users.owner.token}`, ...emptyMultipart },
      payload: '',
    });
    expect(m.statusCode).toBe(415);
  });

  it('transaction cancel: 403 cross-site and the withdrawal stays pending; same-origin cancels', async () => {
    const u = await createUser(t.app);
    await fundUser(t.app, u.user.id, '100');
    const wd = await call(t.app, 'POST', '/user/withdraw', {
      token: u.token,
      body: { currency: 'USDT', address: VALID.TRON, amount: '25', password: TEST_PASSWORD },
    });
    expect(wd.status, JSON.stringify(wd.body)).toBe(200);
    const id = wd.body.id as string;
    const status = async () => (await call(t.app, 'GET', `/transactions/${id}`, { token: u.token })).body.status;
    expect(await status()).toBe('Pending');
    expect((await withCookie('POST', `/transactions/${id}/cancel`, u.token, { origin: EVIL })).status).toBe(403);
    expect(
      (await withCookie('POST', `/transactions/${id}/cancel`, u.token, { origin: EVIL, ...emptyMultipart }, '')).status,
    ).toBe(403);
    expect(await status()).toBe('Pending');
    const ok = await withCookie('POST', `/transactions/${id}/cancel`, u.token, { origin: OWN });
    expect(ok.status, ok.body).toBe(200);
    expect(await status()).toBe('Cancelled');
  });

  it('invite accept and decline: 403 cross-site, the invite stays', async () => {
    const token = w.users.invitee.token;
    const hasInvite = async () =>
      (await call(t.app, 'GET', `/invites/projects/${w.project.id}/has-invite`, { token })).body;
    const before = await hasInvite();
    for (const action of ['accept', 'decline']) {
      expect(
        (await withCookie('POST', `/invites/projects/${w.project.id}/${action}`, token, { origin: EVIL })).status,
      ).toBe(403);
      expect(
        (
          await withCookie(
            'POST',
            `/invites/projects/${w.project.id}/${action}`,
            token,
            { origin: EVIL, ...emptyMultipart },
            '',
          )
        ).status,
      ).toBe(403);
    }
    expect(await hasInvite()).toEqual(before);
    const ok = await withCookie('POST', `/invites/projects/${w.project.id}/decline`, token, { origin: OWN });
    expect(ok.status, ok.body).toBe(200);
  });

  it('staff approve and fail: 403 cross-site, nothing changes', async () => {
    const staff = w.users.staff.token;
    const dev = await createUser(t.app, {
      type: 'Developer',
      verified: false,
      emailVerifiedAt: new Date(),
      reviewStatus: 'pending',
    });
    expect((await withCookie('POST', `/admin/developers/${dev.user.id}/approve`, staff, { origin: EVIL })).status).toBe(
      403,
    );
    const me = await call(t.app, 'GET', '/user', { token: dev.token });
    expect(me.body.verified).toBe(false);
    const depositor = await createUser(t.app);
    const dep = await call(t.app, 'POST', '/user/deposit', { token: depositor.token, body: { currency: 'USDT' } });
    const id = dep.body.transactionID as string;
    expect((await withCookie('POST', `/admin/transactions/${id}/fail`, staff, { origin: EVIL })).status).toBe(403);
    expect((await call(t.app, 'GET', `/transactions/${id}`, { token: depositor.token })).body.status).toBe('Pending');
    const ok = await withCookie(
      'POST',
      `/admin/developers/${dev.user.id}/approve`,
      staff,
      { origin: OWN },
      { checks: { identity: true, skills: true, experience: true } },
    );
    expect(ok.status, ok.body).toBe(200);
  });

  it('APP_URL set: only its origin counts, not the request host', async () => {
    const t2 = await buildTestApp({ APP_URL: 'https://market.example/app' });
    try {
      const { token } = await createUser(t2.app);
      const post = (origin: string) =>
        t2.app.inject({
          method: 'POST',
          url: '/api/v1/user/sessions/revoke-others',
          cookies: { AccessToken: token },
          headers: { origin },
        });
      expect((await post(OWN)).statusCode).toBe(403);
      expect((await post('https://market.example')).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });
});
