import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications, users } from '../../../src/db/schema/index';
import { lastMailTo, signUpViaApi, verificationCodeFor } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ APP_URL: 'http://app.test' });
});
afterAll(async () => t?.close());

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('e-mail verification', () => {
  it('mails a 6-digit code and a link, in a text and an HTML part, after sign-up', async () => {
    const { email } = await signUpViaApi(t.app);
    const mail = await lastMailTo(t.app, email);
    expect(mail.subject).toMatch(/^\d{6} is your DevMarket verification code$/);
    const code = mail.subject.slice(0, 6);
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.text).toMatch(/http:\/\/app\.test\/api\/v1\/auth\/verify-email\/[A-Za-z0-9_-]{40,}/);
    // Only hashes are stored.
    const [row] = await t.app.db.select().from(emailVerifications);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('the code with the bearer token answers { verified: true } and verifies a client', async () => {
    const { email, token } = await signUpViaApi(t.app);
    expect((await call(t.app, 'GET', '/user', { token })).body).toMatchObject({
      emailVerified: false,
      verified: false,
    });
    const code = await verificationCodeFor(t.app, email);
    const r = await call(t.app, 'GET', `/auth/verify-email/${code}`, { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ verified: true });
    const me = await call(t.app, 'GET', '/user', { token });
    expect(me.body).toMatchObject({ emailVerified: true, verified: true });
    // Single use: a second call is harmless (already verified).
    expect((await call(t.app, 'GET', `/auth/verify-email/${code}`, { token })).body).toEqual({ verified: true });
  });

  it('a developer is e-mail verified but not verified until staff approve', async () => {
    const { email, token } = await signUpViaApi(t.app, { type: 'Developer' });
    await call(t.app, 'GET', `/auth/verify-email/${await verificationCodeFor(t.app, email)}`, { token });
    const me = await call(t.app, 'GET', '/user', { token });
    expect(me.body).toMatchObject({ emailVerified: true, verified: false, reviewStatus: 'none' });
  });

  it('the code needs the bearer token (401 without)', async () => {
    const { email } = await signUpViaApi(t.app);
    const r = await call(t.app, 'GET', `/auth/verify-email/${await verificationCodeFor(t.app, email)}`);
    expect(r.status).toBe(401);
  });

  it('a wrong code is a 422 on code; five wrong tries spend it', async () => {
    const { email, token } = await signUpViaApi(t.app);
    const code = await verificationCodeFor(t.app, email);
    for (let i = 1; i <= 4; i++) {
      const r = await call(t.app, 'GET', `/auth/verify-email/${wrong(code)}`, { token });
      expectValidationError(r, { code: 'Incorrect code. Check your email and try again.' });
    }
    const fifth = await call(t.app, 'GET', `/auth/verify-email/${wrong(code)}`, { token });
    expectValidationError(fifth, { code: 'Too many wrong tries. Request a new code.' });
    // Even the right code no longer works.
    const right = await call(t.app, 'GET', `/auth/verify-email/${code}`, { token });
    expectValidationError(right, { code: 'Too many wrong tries. Request a new code.' });
    expect((await call(t.app, 'GET', '/user', { token })).body.emailVerified).toBe(false);
  });

  it('a code expires after 10 minutes', async () => {
    const { email, token } = await signUpViaApi(t.app);
    const code = await verificationCodeFor(t.app, email);
    const me = await call(t.app, 'GET', '/user', { token });
    await t.app.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, me.body.id));
    const r = await call(t.app, 'GET', `/auth/verify-email/${code}`, { token });
    expectValidationError(r, { code: 'This code has expired. Request a new one.' });
  });

  it('the link verifies and redirects to /?email_verified=true, once', async () => {
    const { email, token } = await signUpViaApi(t.app);
    const mail = await lastMailTo(t.app, email);
    const link = /\/api\/v1\/auth\/verify-email\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] as string;
    const r = await t.app.inject({ method: 'GET', url: link });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/?email_verified=true');
    expect((await call(t.app, 'GET', '/user', { token })).body.emailVerified).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: link });
    expect(again.headers.location).toBe('/sign-up/developer?verify_link=invalid');
  });

  it('an unknown link token redirects to onboarding with a notice flag, and changes nothing', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/auth/verify-email/${'x'.repeat(43)}` });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/sign-up/developer?verify_link=invalid');
  });

  it('resend mails a new code (the old one dies), at most once a minute', async () => {
    const { email, token } = await signUpViaApi(t.app);
    const first = await verificationCodeFor(t.app, email);
    const tooSoon = await call(t.app, 'POST', '/user/resend-verification-email', { token });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.msg).toBe('Please wait a minute before requesting another email.');
    expect(tooSoon.res.headers['retry-after']).toBeDefined();
    const me = await call(t.app, 'GET', '/user', { token });
    await t.app.db
      .update(emailVerifications)
      .set({ sentAt: new Date(Date.now() - 61_000) })
      .where(eq(emailVerifications.userId, me.body.id));
    const r = await call(t.app, 'POST', '/user/resend-verification-email', { token });
    expect(r.status).toBe(200);
    const second = await verificationCodeFor(t.app, email);
    if (second !== first) {
      expectValidationError(await call(t.app, 'GET', `/auth/verify-email/${first}`, { token }), {
        code: /Incorrect code/,
      });
    }
    expect((await call(t.app, 'GET', `/auth/verify-email/${second}`, { token })).body).toEqual({ verified: true });
  });

  it('resend needs a token and refuses a verified address', async () => {
    expect((await call(t.app, 'POST', '/user/resend-verification-email')).status).toBe(401);
    const { email, token } = await signUpViaApi(t.app);
    await call(t.app, 'GET', `/auth/verify-email/${await verificationCodeFor(t.app, email)}`, { token });
    const r = await call(t.app, 'POST', '/user/resend-verification-email', { token });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('Your email is already verified');
  });

  it('a developer who gave links before verifying goes to review on verification', async () => {
    const { email, token } = await signUpViaApi(t.app, { type: 'Developer' });
    const me = await call(t.app, 'GET', '/user', { token });
    await t.app.db.update(users).set({ github: 'https://github.com/x' }).where(eq(users.id, me.body.id));
    await call(t.app, 'GET', `/auth/verify-email/${await verificationCodeFor(t.app, email)}`, { token });
    expect((await call(t.app, 'GET', '/user', { token })).body.reviewStatus).toBe('pending');
  });
});
