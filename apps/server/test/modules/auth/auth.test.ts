import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../../src/db/schema/index';
import { createUser, lastMailTo, signUpViaApi, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ APP_URL: 'http://app.test' });
});
afterAll(async () => t?.close());

describe('sign-up and login', () => {
  it('sign-up answers an access token; the type defaults to Client', async () => {
    const r = await call(t.app, 'POST', '/auth/sign-up', {
      body: {
        email: 'New.Person@Example.com',
        password: 'long-enough-pw',
        firstName: 'New',
        lastName: 'Person',
        tos: true,
      },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['accessToken']);
    const me = await call(t.app, 'GET', '/user', { token: r.body.accessToken });
    expect(me.body).toMatchObject({ email: 'new.person@example.com', type: 'Client', tos: true });
  });

  it('sign-up gives 422 per field: email, password, firstName, tos', async () => {
    const r = await call(t.app, 'POST', '/auth/sign-up', {
      body: { email: 'nope', password: 'short', firstName: '', tos: false },
    });
    expectValidationError(r, {
      email: 'Must be valid email',
      password: 'Password must be at least 8 characters',
      firstName: 'This field is required.',
      tos: 'You must accept the terms of service',
    });
    expectValidationError(await call(t.app, 'POST', '/auth/sign-up', { body: {} }), {
      email: 'This field is required.',
      password: 'This field is required.',
    });
    expectValidationError(
      await call(t.app, 'POST', '/auth/sign-up', {
        body: { email: 'a@b.co', password: 'password123', firstName: 'A', tos: true },
      }),
      { password: 'This password is too common. Choose another one.' },
    );
  });

  it('an e-mail signs up once, ignoring case', async () => {
    const { email } = await signUpViaApi(t.app);
    const r = await call(t.app, 'POST', '/auth/sign-up', {
      body: { email: email.toUpperCase(), password: 'long-enough-pw', firstName: 'X', tos: true },
    });
    expectValidationError(r, { email: 'An account with this email already exists' });
  });

  it("login failure is 401 'Incorrect email or password' under password, for a wrong password or an unknown e-mail", async () => {
    const { user } = await createUser(t.app);
    for (const body of [
      { email: user.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'wrong-password' },
    ]) {
      const r = await call(t.app, 'POST', '/auth/login', { body });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({
        msg: 'Incorrect email or password',
        errors: { password: 'Incorrect email or password' },
      });
    }
    expectValidationError(await call(t.app, 'POST', '/auth/login', { body: { email: '', password: '' } }), {
      email: 'This field is required.',
      password: 'This field is required.',
    });
    const ok = await call(t.app, 'POST', '/auth/login', {
      body: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.accessToken).toEqual(expect.any(String));
  });

  it('a burst of 30 wrong passwords for one account gets 429s; the owner gets in after the window', async () => {
    const { user } = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await call(t.app, 'POST', '/auth/login', { body: { email: user.email, password: `wrong-${i}` } })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const blocked = await call(t.app, 'POST', '/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe('Too many failed attempts. Try again in 15 minutes.');
    expect(blocked.res.headers['retry-after']).toBe('900');
    // From another address the owner still gets in (the pair limit is per address).
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '10.9.8.7',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(other.statusCode).toBe(200);
  });

  it('logout revokes the token; /_authcheck and /auth/cookie', async () => {
    const { token } = await createUser(t.app);
    expect((await call(t.app, 'GET', '/_authcheck', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/_authcheck')).status).toBe(401);
    const c = await call(t.app, 'GET', '/auth/cookie', { token });
    // The HttpOnly session, and beside it the secret-free hint the app reads (SESSION_HINT_COOKIE).
    expect(c.res.cookies.find((k) => k.name === 'AccessToken')).toMatchObject({ value: token, httpOnly: true });
    const hint = c.res.cookies.find((k) => k.name === 'dm_signed_in');
    expect(hint?.value).toBe('1');
    expect(hint?.httpOnly).toBeFalsy();
    expect((await call(t.app, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/_authcheck', { token })).status).toBe(401);
  });

  it('per-address limits answer 429 with a clear message', async () => {
    const limited = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await call(limited.app, 'POST', '/auth/sign-up', {
              body: { email: `rl-${i}@example.com`, password: 'long-enough-pw', firstName: 'R', tos: true },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const r = await call(limited.app, 'GET', '/auth/verify-email/123456');
      const r2 = await call(limited.app, 'GET', '/auth/verify-email/123456');
      const r3 = await call(limited.app, 'GET', '/auth/verify-email/123456');
      const r4 = await call(limited.app, 'GET', '/auth/verify-email/123456');
      expect([r.status, r2.status, r3.status]).toEqual([401, 401, 401]);
      expect(r4.status).toBe(429);
      expect(r4.body.msg).toMatch(/^Too many requests\. Try again in/);
    } finally {
      await limited.close();
    }
  });
});

describe('password reset', () => {
  const resetLink = async (email: string) => {
    const mail = await lastMailTo(t.app, email);
    expect(mail.subject).toBe('Reset your DevMarket password');
    const m = /http:\/\/app\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(m, mail.text).toBeTruthy();
    expect(mail.html).toContain('reset-password?token=');
    return m?.[1] as string;
  };

  it('always answers 200, mails only real accounts, and a link works once', async () => {
    const { user, token } = await createUser(t.app);
    const unknown = await call(t.app, 'POST', '/auth/forgot-password', { body: { email: 'ghost@example.com' } });
    expect(unknown.status).toBe(200);
    expect(await lastMailTo(t.app, 'ghost@example.com')).toBeUndefined();
    expect((await call(t.app, 'POST', '/auth/forgot-password', { body: { email: user.email } })).body).toEqual({
      ok: true,
    });
    const resetToken = await resetLink(user.email);
    const r = await call(t.app, 'POST', '/auth/reset-password', {
      body: { token: resetToken, password: 'fresh-password-1' },
    });
    expect(r.status).toBe(200);
    // Every session ends; the new password works; the link is spent.
    expect((await call(t.app, 'GET', '/user', { token })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/auth/login', { body: { email: user.email, password: 'fresh-password-1' } })).status,
    ).toBe(200);
    expectValidationError(
      await call(t.app, 'POST', '/auth/reset-password', {
        body: { token: resetToken, password: 'another-password-2' },
      }),
      { token: 'This reset link is invalid or has expired. Request a new one.' },
    );
  });

  it('a link expires after an hour; bad input is 422 per field', async () => {
    const { user } = await createUser(t.app);
    await call(t.app, 'POST', '/auth/forgot-password', { body: { email: user.email } });
    const resetToken = await resetLink(user.email);
    await t.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expectValidationError(
      await call(t.app, 'POST', '/auth/reset-password', { body: { token: resetToken, password: 'fresh-password-1' } }),
      { token: 'This reset link is invalid or has expired. Request a new one.' },
    );
    expectValidationError(await call(t.app, 'POST', '/auth/reset-password', { body: { token: '', password: 'x' } }), {
      token: 'This field is required.',
      password: 'Password must be at least 8 characters',
    });
    expectValidationError(await call(t.app, 'POST', '/auth/forgot-password', { body: { email: 'bad' } }), {
      email: 'Must be valid email',
    });
  });

  it('mails at most one link a minute per account', async () => {
    const { user } = await createUser(t.app);
    await call(t.app, 'POST', '/auth/forgot-password', { body: { email: user.email } });
    await call(t.app, 'POST', '/auth/forgot-password', { body: { email: user.email } });
    const rows = await t.app.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
