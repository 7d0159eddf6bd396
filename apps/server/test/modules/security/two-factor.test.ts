import { SECURITY_MSG } from '@devmarket/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/rows';
import { turnOnTwoFactor, useClock } from '../../factories/two-factor';
import { createUser, lastMailTo, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
let clock: ReturnType<typeof useClock>;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '1000' });
  clock = useClock(t.app);
});
afterAll(async () => t?.close());

const login = (email: string, password = TEST_PASSWORD) =>
  call(t.app, 'POST', '/auth/login', { body: { email, password } });

describe('two-step verification: setup, enable, disable', () => {
  it('setup needs the password, answers a secret and an otpauth URL, and is not on until a code confirms it', async () => {
    const u = await createUser(t.app);
    expectValidationError(
      await call(t.app, 'POST', '/user/2fa/setup', { token: u.token, body: { password: 'wrong-password' } }),
      { password: 'Incorrect password' },
    );
    const first = await call(t.app, 'POST', '/user/2fa/setup', { token: u.token, body: { password: TEST_PASSWORD } });
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/DevMarket:.+\?.*secret=[A-Z2-7]{32}/);
    expect(first.body.otpauthUrl).toContain('digits=6');
    expect(first.body.otpauthUrl).toContain('period=30');
    expect(first.body.otpauthUrl).toContain('algorithm=SHA1');
    expect((await call(t.app, 'GET', '/user', { token: u.token })).body.twoFactorEnabled).toBe(false);
    // Still a plain login.
    expect(Object.keys((await login(u.user.email)).body)).toEqual(['accessToken']);

    // A new setup replaces the unconfirmed one: the first secret's code no longer enables.
    const second = await call(t.app, 'POST', '/user/2fa/setup', { token: u.token, body: { password: TEST_PASSWORD } });
    expect(second.body.secret).not.toBe(first.body.secret);
    expectValidationError(
      await call(t.app, 'POST', '/user/2fa/enable', { token: u.token, body: { code: clock.code(first.body.secret) } }),
      { code: SECURITY_MSG.codeWrong },
    );
    const on = await call(t.app, 'POST', '/user/2fa/enable', {
      token: u.token,
      body: { code: clock.code(second.body.secret) },
    });
    expect(on.status).toBe(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    expect(new Set(on.body.recoveryCodes).size).toBe(10);
    const me = await call(t.app, 'GET', '/user', { token: u.token });
    expect(me.body).toMatchObject({
      twoFactorEnabled: true,
      withdrawalAllowListOnly: false,
      withdrawalsPausedUntil: null,
    });
    // Stored hashed and encrypted: neither the secret nor a recovery code is in the database.
    const dump = JSON.stringify(
      await queryRows(t.app.db, sql`select s.*, r.* from user_security s left join recovery_codes r using (user_id)`),
    );
    expect(dump).not.toContain(second.body.secret);
    expect(dump).not.toContain(on.body.recoveryCodes[0]);
    // Already on: a new setup is refused.
    expect(
      (await call(t.app, 'POST', '/user/2fa/setup', { token: u.token, body: { password: TEST_PASSWORD } })).status,
    ).toBe(409);
  });

  it('disable needs the password and a fresh code; a replayed code is refused; a recovery code works once', async () => {
    const u = await createUser(t.app);
    const { secret, recoveryCodes } = await turnOnTwoFactor(t.app, u.token, clock);
    expectValidationError(
      await call(t.app, 'POST', '/user/2fa/disable', {
        token: u.token,
        body: { password: 'nope-nope', code: clock.code(secret) },
      }),
      { password: 'Incorrect password' },
    );
    expectValidationError(
      await call(t.app, 'POST', '/user/2fa/disable', {
        token: u.token,
        body: { password: TEST_PASSWORD, code: '000000' },
      }),
      { code: SECURITY_MSG.codeWrong },
    );
    expectValidationError(
      await call(t.app, 'POST', '/user/2fa/disable', { token: u.token, body: { password: TEST_PASSWORD } }),
      {
        code: SECURITY_MSG.codeRequired,
      },
    );
    // The code of the step used to enable (one step back, inside the drift window) is a replay.
    expectValidationError(
      await call(t.app, 'POST', '/user/2fa/disable', {
        token: u.token,
        body: { password: TEST_PASSWORD, code: clock.code(secret, -1) },
      }),
      { code: SECURITY_MSG.codeWrong },
    );
    expect((await call(t.app, 'GET', '/user', { token: u.token })).body.twoFactorEnabled).toBe(true);
    const off = await call(t.app, 'POST', '/user/2fa/disable', {
      token: u.token,
      body: { password: TEST_PASSWORD, code: recoveryCodes[0].toUpperCase() },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const me = (await call(t.app, 'GET', '/user', { token: u.token })).body;
    expect(me.twoFactorEnabled).toBe(false);
    // Turning it off pauses withdrawals for SECURITY_HOLD_HOURS (24 by default).
    expect(me.withdrawalsPausedUntil).toBe(new Date(clock.now().getTime() + 24 * 3_600_000).toISOString());
    expect((await lastMailTo(t.app, u.user.email)).subject).toBe('Two-step verification was turned off');
  });

  it('a code outside one step of drift is refused', async () => {
    const u = await createUser(t.app);
    const setup = await call(t.app, 'POST', '/user/2fa/setup', { token: u.token, body: { password: TEST_PASSWORD } });
    for (const steps of [-2, 2]) {
      expectValidationError(
        await call(t.app, 'POST', '/user/2fa/enable', {
          token: u.token,
          body: { code: clock.code(setup.body.secret, steps) },
        }),
        { code: SECURITY_MSG.codeWrong },
      );
    }
    const r = await call(t.app, 'POST', '/user/2fa/enable', {
      token: u.token,
      body: { code: clock.code(setup.body.secret, 1) },
    });
    expect(r.status).toBe(200);
  });
});

describe('sign-in in two steps', () => {
  it('answers a ticket and no token or cookie; the code answers a token that works', async () => {
    const u = await createUser(t.app);
    const { secret } = await turnOnTwoFactor(t.app, u.token, clock);
    const first = await login(u.user.email);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['ticket', 'twoFactorRequired']);
    expect(first.body.twoFactorRequired).toBe(true);
    expect(first.res.headers['set-cookie']).toBeUndefined();
    // The ticket is not a session token.
    expect((await call(t.app, 'GET', '/user', { token: first.body.ticket })).status).toBe(401);
    const second = await call(t.app, 'POST', '/auth/login/2fa', {
      body: { ticket: first.body.ticket, code: clock.code(secret) },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(Object.keys(second.body)).toEqual(['accessToken']);
    expect((await call(t.app, 'GET', '/user', { token: second.body.accessToken })).body.email).toBe(u.user.email);
    // A used ticket is dead.
    clock.advance(30_000);
    expect(
      (await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket: first.body.ticket, code: clock.code(secret) } }))
        .status,
    ).toBe(401);
    // A wrong password is still the plain 401 of a login.
    expect((await login(u.user.email, 'wrong-password')).status).toBe(401);
  });

  it('a replayed code is 422 on code', async () => {
    const u = await createUser(t.app);
    const { secret } = await turnOnTwoFactor(t.app, u.token, clock);
    const a = (await login(u.user.email)).body.ticket;
    const b = (await login(u.user.email)).body.ticket;
    const code = clock.code(secret);
    expect((await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket: a, code } })).status).toBe(200);
    expectValidationError(await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket: b, code } }), {
      code: SECURITY_MSG.codeWrong,
    });
  });

  it('the fifth wrong code kills the ticket: then 401 even for a right code', async () => {
    const u = await createUser(t.app);
    const { secret } = await turnOnTwoFactor(t.app, u.token, clock);
    const { ticket } = (await login(u.user.email)).body;
    for (let i = 0; i < 5; i++) {
      expectValidationError(await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket, code: '123456' } }), {
        code: SECURITY_MSG.codeWrong,
      });
    }
    const r = await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket, code: clock.code(secret) } });
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe(SECURITY_MSG.ticketDead);
  });

  it('a ticket lives 5 minutes (by the clock)', async () => {
    const u = await createUser(t.app);
    const { secret } = await turnOnTwoFactor(t.app, u.token, clock);
    const { ticket } = (await login(u.user.email)).body;
    clock.advance(5 * 60_000);
    expect((await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket, code: clock.code(secret) } })).status).toBe(
      401,
    );
    const fresh = (await login(u.user.email)).body.ticket;
    clock.advance(4 * 60_000 + 30_000);
    expect(
      (await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket: fresh, code: clock.code(secret) } })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket: 'not-a-ticket', code: '123456' } })).status,
    ).toBe(401);
  });

  it('a recovery code signs in once; used twice it is 422', async () => {
    const u = await createUser(t.app);
    const { recoveryCodes } = await turnOnTwoFactor(t.app, u.token, clock);
    const one = (await login(u.user.email)).body.ticket;
    const r = await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket: one, code: recoveryCodes[3] } });
    expect(r.status).toBe(200);
    const two = (await login(u.user.email)).body.ticket;
    expectValidationError(
      await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket: two, code: recoveryCodes[3] } }),
      {
        code: SECURITY_MSG.codeWrong,
      },
    );
    // Another one still works.
    expect(
      (await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket: two, code: recoveryCodes[4] } })).status,
    ).toBe(200);
  });

  it('bad bodies are 422 per field', async () => {
    expectValidationError(await call(t.app, 'POST', '/auth/login/2fa', { body: { ticket: 'x' } }), {
      code: SECURITY_MSG.codeRequired,
    });
  });
});
