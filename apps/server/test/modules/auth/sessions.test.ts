import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, sessions } from '../../../src/db/schema/index';
import { jobHandlers } from '../../../src/job-registry';
import { runDueJobs } from '../../../src/modules/jobs/jobs.runner';
import { createUser, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { freePort } from '../../support/server-process';
import { type ReceivedMail, startSmtpSink } from '../../support/smtp-sink';

/** DESIGN §14 sessions, the server-set cookie and the "new sign-in" security mail. */
let t: TestApp;
let sink: { mails: ReceivedMail[]; stop: () => Promise<void> };
let clock = Date.parse('2026-11-25T12:00:00Z');
beforeAll(async () => {
  const port = await freePort();
  sink = await startSmtpSink(port);
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: 'https://devmarket.example' });
  t.app.ctx.now = () => new Date(clock);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

async function login(email: string, userAgent: string, ip = '203.0.113.7') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().accessToken as string, res };
}

const signInMails = (email: string) =>
  t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.subject, 'New sign-in to your DevMarket account')));

describe('the session cookie', () => {
  it('login sets AccessToken HttpOnly, SameSite=Lax, Secure (https APP_URL); logout clears it', async () => {
    const { user } = await createUser(t.app);
    const { token, res } = await login(user.email, FIREFOX);
    const cookie = res.cookies.find((c) => c.name === 'AccessToken');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    // The cookie alone authenticates a read.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user', cookies: { AccessToken: token } });
    expect(me.statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { AccessToken: token },
      headers: { origin: 'https://devmarket.example' },
    });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'AccessToken');
    expect(cleared?.value).toBe('');
    expect(cleared?.httpOnly).toBe(true);
    expect((await call(t.app, 'GET', '/user', { token })).status).toBe(401);
  });

  it('sign-up sets the cookie too; GET /auth/cookie sets it HttpOnly from a bearer token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: { email: `cookie-${Date.now()}@example.com`, password: 'a-long-secret-1', firstName: 'Cora', tos: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'AccessToken')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const r = await call(t.app, 'GET', '/auth/cookie', { token: res.json().accessToken });
    expect(r.res.cookies.find((c) => c.name === 'AccessToken')).toMatchObject({
      value: res.json().accessToken,
      httpOnly: true,
    });
  });
});

describe('sessions', () => {
  it('lists my live sessions with browser, address and the current one marked', async () => {
    const { user, token: first } = await createUser(t.app);
    const ff = await login(user.email, FIREFOX, '198.51.100.4');
    const r = await call(t.app, 'GET', '/user/sessions', { token: ff.token });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(2);
    const mine = r.body.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ userAgent: FIREFOX, ip: '198.51.100.4', current: true });
    expect(Object.keys(mine).sort()).toEqual(['createdAt', 'current', 'id', 'ip', 'lastSeenAt', 'userAgent']);
    expect(r.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect((await call(t.app, 'GET', '/user/sessions', { token: first })).body.find((s: any) => s.current).id).not.toBe(
      mine.id,
    );
    expect((await call(t.app, 'GET', '/user/sessions')).status).toBe(401);
  });

  it('lastSeenAt moves forward at most once a minute', async () => {
    const { user } = await createUser(t.app);
    const { token } = await login(user.email, FIREFOX);
    const seen = async () =>
      (await call(t.app, 'GET', '/user/sessions', { token })).body.find((s: { current: boolean }) => s.current)
        .lastSeenAt as string;
    const start = await seen();
    clock += 30_000;
    expect(await seen()).toBe(start);
    clock += 31_000;
    const moved = await seen();
    expect(Date.parse(moved)).toBe(clock);
    clock += 10_000;
    expect(await seen()).toBe(moved);
  });

  it('signs out one session (refused at once), 404 for another user’s; revoke-others keeps this one', async () => {
    const { user, token: a } = await createUser(t.app);
    const b = (await login(user.email, FIREFOX)).token;
    const c = (await login(user.email, CHROME)).token;
    const list = (await call(t.app, 'GET', '/user/sessions', { token: a })).body as { id: string; current: boolean }[];
    const bId = (await call(t.app, 'GET', '/user/sessions', { token: b })).body.find((s: any) => s.current).id;
    const stranger = await createUser(t.app);
    expect((await call(t.app, 'DELETE', `/user/sessions/${bId}`, { token: stranger.token })).status).toBe(404);
    expect((await call(t.app, 'GET', '/user', { token: b })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/user/sessions/${bId}`, { token: a })).body).toEqual({ ok: true });
    expect((await call(t.app, 'GET', '/user', { token: b })).status).toBe(401);
    expect((await call(t.app, 'DELETE', `/user/sessions/${bId}`, { token: a })).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/user/sessions/not-a-uuid', { token: a })).status).toBe(404);
    expect(list).toHaveLength(3);
    const r = await call(t.app, 'POST', '/user/sessions/revoke-others', { token: a });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ revoked: 1 });
    expect((await call(t.app, 'GET', '/user', { token: c })).status).toBe(401);
    expect((await call(t.app, 'GET', '/user', { token: a })).status).toBe(200);
    expect((await call(t.app, 'GET', '/user/sessions', { token: a })).body).toHaveLength(1);
    // The stranger's sessions were never touched.
    expect((await call(t.app, 'GET', '/user', { token: stranger.token })).status).toBe(200);
  });

  it('changing the password ends every other session, not this one', async () => {
    const { user, token } = await createUser(t.app);
    const other = (await login(user.email, CHROME)).token;
    const r = await call(t.app, 'POST', '/user/update-password', {
      token,
      body: { password: TEST_PASSWORD, newPassword: 'another-long-secret' },
    });
    expect(r.status).toBe(200);
    expect((await call(t.app, 'GET', '/user', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/user', { token: other })).status).toBe(401);
    const [live] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), sql`${sessions.revokedAt} is null`));
    expect(live.n).toBe(1);
  });

  it('a session past its 30 days by the app clock is neither listed nor revocable (one clock, not the database’s)', async () => {
    const start = clock;
    try {
      const { user, token: old } = await createUser(t.app);
      const oldId = (await call(t.app, 'GET', '/user/sessions', { token: old })).body[0].id;
      clock += 31 * 86_400_000;
      const { token } = await login(user.email, CHROME);
      expect((await call(t.app, 'GET', '/user', { token: old })).status).toBe(401);
      const list = (await call(t.app, 'GET', '/user/sessions', { token })).body as { id: string }[];
      expect(list.map((s) => s.id)).not.toContain(oldId);
      expect(list).toHaveLength(1);
      expect((await call(t.app, 'DELETE', `/user/sessions/${oldId}`, { token })).status).toBe(404);
    } finally {
      clock = start;
    }
  });
});

describe('"new sign-in" security mail', () => {
  it('a browser not seen in 90 days gets a mail at once (browser and address) at the SMTP sink; a known one none', async () => {
    const { user } = await createUser(t.app, { firstName: 'Sam' });
    await login(user.email, FIREFOX, '192.0.2.10');
    expect(await signInMails(user.email)).toHaveLength(1);
    // The same browser again: known, no mail.
    await login(user.email, FIREFOX, '192.0.2.11');
    expect(await signInMails(user.email)).toHaveLength(1);
    // Another browser: a mail naming it.
    await login(user.email, CHROME, '192.0.2.12');
    const mails = await signInMails(user.email);
    expect(mails).toHaveLength(2);
    const chromeMail = mails.find((m) => m.text.includes(CHROME));
    expect(chromeMail?.text).toContain('192.0.2.12');
    // Sent at once: the mail job is due now, and delivers to the real SMTP server.
    while ((await runDueJobs(t.app.ctx, jobHandlers, { now: () => new Date(Math.max(clock, Date.now())) })) > 0) {}
    const received = sink.mails.filter((m) => m.to.some((to) => to.includes(user.email)));
    expect(received).toHaveLength(2);
    expect(received.some((m) => m.data.includes('Subject: New sign-in to your DevMarket account'))).toBe(true);
    expect(received.some((m) => m.data.includes('192.0.2.12'))).toBe(true);
  });

  it('a browser last seen more than 90 days ago counts as new again', async () => {
    const { user } = await createUser(t.app);
    await login(user.email, FIREFOX);
    expect(await signInMails(user.email)).toHaveLength(1);
    clock += 89 * 86_400_000;
    await login(user.email, FIREFOX);
    expect(await signInMails(user.email)).toHaveLength(1);
    clock += 91 * 86_400_000;
    await login(user.email, FIREFOX);
    expect(await signInMails(user.email)).toHaveLength(2);
  });
});
