import { SECURITY_MSG } from '@devmarket/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/rows';
import { passwordResets } from '../../../src/db/schema/index';
import { jobHandlers } from '../../../src/job-registry';
import { runDueJobs } from '../../../src/modules/jobs/jobs.runner';
import { fundUser } from '../../factories/money';
import { turnOnTwoFactor, useClock } from '../../factories/two-factor';
import { createUser, lastMailTo, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';
import { freePort } from '../../support/server-process';
import { type ReceivedMail, startSmtpSink } from '../../support/smtp-sink';
import { VALID } from '../ledger/support';

/**
 * DESIGN §14 withdrawal safety: the code with two-step verification, the address book and its
 * cooldown, the allow-list, the pause after a security change, and the security mails, which
 * arrive at a real SMTP server. The rules' clock (ctx.now) is advanced, never waited for.
 */
let t: TestApp;
let clock: ReturnType<typeof useClock>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  const port = await freePort();
  sink = await startSmtpSink(port);
  t = await buildTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    AUTH_IP_LIMIT_PER_MINUTE: '1000',
    APP_URL: 'http://app.test',
  });
  clock = useClock(t.app);
});
// Each test starts at 25 Nov 2026, 12:00 UTC.
beforeEach(() => {
  clock = useClock(t.app);
});
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

const withdraw = (token: string, body: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/user/withdraw', {
    token,
    body: { currency: 'USDT', address: VALID.ETH, amount: '25', password: TEST_PASSWORD, ...body },
  });

async function fundedUser(overrides: Parameters<typeof createUser>[1] = {}) {
  const u = await createUser(t.app, { type: 'Developer', ...overrides });
  await fundUser(t.app, u.user.id, '500');
  return u;
}

/** Delivers the queued mails and answers those the SMTP server received for an address. */
async function mailsAtSink(to: string): Promise<ReceivedMail[]> {
  while ((await runDueJobs(t.app.ctx, jobHandlers)) > 0) {
    /* every due job */
  }
  return sink.mails.filter((m) => m.to.join().includes(to));
}
const subjectOf = (m: ReceivedMail) => /^Subject: (.*)$/m.exec(m.data)?.[1]?.trim();

describe('withdrawals with two-step verification', () => {
  it('need a code: missing or wrong is 422 on code, a replayed one too; a fresh one passes', async () => {
    const u = await fundedUser();
    const { secret } = await turnOnTwoFactor(t.app, u.token, clock);
    expectValidationError(await withdraw(u.token), { code: SECURITY_MSG.codeRequired });
    expectValidationError(await withdraw(u.token, { code: '000000' }), { code: SECURITY_MSG.codeWrong });
    // The code of the step used to enable is spent.
    expectValidationError(await withdraw(u.token, { code: clock.code(secret, -1) }), { code: SECURITY_MSG.codeWrong });
    const ok = await withdraw(u.token, { code: clock.code(secret) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('address book and allow-list', () => {
  it('adds, lists and deletes addresses; checks them as withdrawals do; labels up to 100; others’ are 404', async () => {
    const u = await fundedUser();
    const other = await createUser(t.app);
    expectValidationError(
      await call(t.app, 'POST', '/user/withdrawal-addresses', {
        token: u.token,
        body: { currency: 'BTC', address: VALID.ETH, label: 'x' },
      }),
      { address: 'Enter a valid BTC address' },
    );
    expectValidationError(
      await call(t.app, 'POST', '/user/withdrawal-addresses', {
        token: u.token,
        body: { currency: 'ETH', address: VALID.ETH, label: 'x'.repeat(101) },
      }),
      { label: SECURITY_MSG.labelTooLong },
    );
    const added = await call(t.app, 'POST', '/user/withdrawal-addresses', {
      token: u.token,
      body: { currency: 'USDT', address: VALID.ETH, label: 'x'.repeat(100) },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(Object.keys(added.body).sort()).toEqual(['address', 'currency', 'id', 'label', 'usableAt']);
    expect(added.body.usableAt).toBe(new Date(clock.now().getTime() + 24 * 3_600_000).toISOString());
    expectValidationError(
      await call(t.app, 'POST', '/user/withdrawal-addresses', {
        token: u.token,
        body: { currency: 'USDT', address: VALID.ETH.toLowerCase(), label: '' },
      }),
      { address: SECURITY_MSG.addressTaken },
    );
    const list = await call(t.app, 'GET', '/user/withdrawal-addresses', { token: u.token });
    expect(list.body).toEqual([added.body]);
    expect((await call(t.app, 'GET', '/user/withdrawal-addresses', { token: other.token })).body).toEqual([]);
    expect(
      (await call(t.app, 'DELETE', `/user/withdrawal-addresses/${added.body.id}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/user/withdrawal-addresses/${added.body.id}`, { token: u.token })).status,
    ).toBe(200);
    expect((await call(t.app, 'GET', '/user/withdrawal-addresses', { token: u.token })).body).toEqual([]);
    expect((await call(t.app, 'GET', '/user/withdrawal-addresses')).status).toBe(401);
  });

  it('with the allow-list on, refuses an unlisted address and a cooling-down one, then pays the listed one', async () => {
    const u = await fundedUser();
    const { secret } = await turnOnTwoFactor(t.app, u.token, clock);
    // The setting needs the password and, with two-step verification, a code.
    expectValidationError(
      await call(t.app, 'POST', '/user/withdrawal-settings', {
        token: u.token,
        body: { allowListOnly: true, password: 'wrong-one' },
      }),
      { password: 'Incorrect password' },
    );
    expectValidationError(
      await call(t.app, 'POST', '/user/withdrawal-settings', {
        token: u.token,
        body: { allowListOnly: true, password: TEST_PASSWORD },
      }),
      { code: SECURITY_MSG.codeRequired },
    );
    const on = await call(t.app, 'POST', '/user/withdrawal-settings', {
      token: u.token,
      body: { allowListOnly: true, password: TEST_PASSWORD, code: clock.code(secret) },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect((await call(t.app, 'GET', '/user', { token: u.token })).body.withdrawalAllowListOnly).toBe(true);
    await call(t.app, 'POST', '/user/withdrawal-addresses', {
      token: u.token,
      body: { currency: 'USDT', address: VALID.ETH, label: 'Ledger' },
    });
    clock.advance(30_000);
    expectValidationError(await withdraw(u.token, { address: VALID.TRON, code: clock.code(secret) }), {
      address: SECURITY_MSG.notInBook,
    });
    clock.advance(30_000);
    expectValidationError(await withdraw(u.token, { code: clock.code(secret) }), {
      address: /^This address can be used from \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    });
    // Nothing was held by the refusals.
    expect((await call(t.app, 'GET', '/user/balance', { token: u.token })).body.held).toMatch(/^0(\.0+)?$/);
    clock.advance(24 * 3_600_000);
    const ok = await withdraw(u.token, { address: VALID.ETH.toLowerCase(), code: clock.code(secret) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('without two-step verification the setting needs only the password; off again, any address works', async () => {
    const u = await fundedUser();
    const on = await call(t.app, 'POST', '/user/withdrawal-settings', {
      token: u.token,
      body: { allowListOnly: true, password: TEST_PASSWORD },
    });
    expect(on.status).toBe(200);
    expectValidationError(await withdraw(u.token), { address: SECURITY_MSG.notInBook });
    await call(t.app, 'POST', '/user/withdrawal-settings', {
      token: u.token,
      body: { allowListOnly: false, password: TEST_PASSWORD },
    });
    expect((await withdraw(u.token)).status).toBe(200);
  });
});

describe('the pause after a security change', () => {
  it('a password reset by link pauses withdrawals for 24 hours: 409 naming the end in the user’s timezone', async () => {
    const u = await fundedUser({ timezone: 'Europe/Berlin' });
    await call(t.app, 'POST', '/auth/forgot-password', { body: { email: u.user.email } });
    const mail = await lastMailTo(t.app, u.user.email);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
    const reset = await call(t.app, 'POST', '/auth/reset-password', {
      body: { token, password: 'a-brand-new-password' },
    });
    expect(reset.status).toBe(200);
    const login = await call(t.app, 'POST', '/auth/login', {
      body: { email: u.user.email, password: 'a-brand-new-password' },
    });
    const r = await withdraw(login.body.accessToken, { password: 'a-brand-new-password' });
    expect(r.status).toBe(409);
    // The clock starts at 25 Nov 2026, 12:00 UTC: the pause ends 26 Nov, 13:00 in Berlin.
    expect(r.body.msg).toBe('Withdrawals are paused until 26 Nov 2026, 13:00 after a security change');
    const me = (await call(t.app, 'GET', '/user', { token: login.body.accessToken })).body;
    expect(me.withdrawalsPausedUntil).toBe('2026-11-26T12:00:00.000Z');
    clock.advance(24 * 3_600_000);
    expect((await withdraw(login.body.accessToken, { password: 'a-brand-new-password' })).status).toBe(200);
  });

  it('turning two-step verification off pauses withdrawals; without a timezone the time is UTC', async () => {
    const u = await fundedUser();
    const { secret } = await turnOnTwoFactor(t.app, u.token, clock);
    const until = new Date(clock.now().getTime() + 24 * 3_600_000);
    const off = await call(t.app, 'POST', '/user/2fa/disable', {
      token: u.token,
      body: { password: TEST_PASSWORD, code: clock.code(secret) },
    });
    expect(off.status).toBe(200);
    const r = await withdraw(u.token);
    expect(r.status).toBe(409);
    const hh = String(until.getUTCHours()).padStart(2, '0');
    const mm = String(until.getUTCMinutes()).padStart(2, '0');
    expect(r.body.msg).toBe(`Withdrawals are paused until 26 Nov 2026, ${hh}:${mm} after a security change`);
  });
});

describe('security mails arrive at the SMTP server at once', () => {
  it('password changed, password reset, two-step on and off, withdrawal address added', async () => {
    const u = await createUser(t.app);
    const { secret } = await turnOnTwoFactor(t.app, u.token, clock);
    await call(t.app, 'POST', '/user/2fa/disable', {
      token: u.token,
      body: { password: TEST_PASSWORD, code: clock.code(secret) },
    });
    await call(t.app, 'POST', '/user/withdrawal-addresses', {
      token: u.token,
      body: { currency: 'BTC', address: VALID.BTC, label: 'Cold wallet' },
    });
    const changed = await call(t.app, 'POST', '/user/update-password', {
      token: u.token,
      body: { password: TEST_PASSWORD, newPassword: 'another-long-password' },
    });
    expect(changed.status).toBe(200);
    await t.app.db.delete(passwordResets).where(sql`${passwordResets.userId} = ${u.user.id}`);
    await call(t.app, 'POST', '/auth/forgot-password', { body: { email: u.user.email } });
    const link = await lastMailTo(t.app, u.user.email);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(link.text)?.[1] as string;
    expect(
      (await call(t.app, 'POST', '/auth/reset-password', { body: { token, password: 'third-long-password' } })).status,
    ).toBe(200);

    const mails = await mailsAtSink(u.user.email);
    // Sent at once, each its own job: the order of delivery is the queue's.
    expect(mails.map(subjectOf).sort()).toEqual(
      [
        'Two-step verification is on',
        'Two-step verification was turned off',
        'A withdrawal address was added',
        'Your DevMarket password was changed',
        'Reset your DevMarket password',
        'Your DevMarket password was reset',
      ].sort(),
    );
    const added = mails.find((m) => subjectOf(m) === 'A withdrawal address was added') as ReceivedMail;
    expect(added.data).toContain(VALID.BTC);
    expect(added.data).toContain('Cold wallet');
    // The secret never travels in a mail.
    expect(mails.map((m) => m.data).join()).not.toContain(secret);
  });
});

describe('a security change and a withdrawal racing', () => {
  it('the withdrawal waits for the change holding the user row, then obeys the new rule', async () => {
    const u = await fundedUser();
    const postgres = process.env.TEST_DB === 'postgres';
    let pending: ReturnType<typeof withdraw> | undefined;
    await t.app.db.transaction(async (tx) => {
      // What every security change does first: lock the user row.
      await tx.execute(sql`select id from users where id = ${u.user.id} for update`);
      pending = withdraw(u.token);
      if (postgres) {
        // Proof that it reached the lock and waits there (not a sleep: a condition polled).
        for (let i = 0; ; i++) {
          const [waiting] = await queryRows<{ n: number }>(
            t.app.db,
            sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.query ilike '%for update%'`,
          );
          if ((waiting as { n: number }).n > 0) break;
          if (i > 2000) throw new Error('the withdrawal never waited for the user lock');
          await new Promise((r) => setImmediate(r));
        }
      }
      await tx.execute(
        sql`insert into user_security (user_id, withdrawal_allow_list_only) values (${u.user.id}, true)
            on conflict (user_id) do update set withdrawal_allow_list_only = true`,
      );
    });
    expectValidationError(await (pending as ReturnType<typeof withdraw>), { address: SECURITY_MSG.notInBook });
  });

  it('turning two-step verification off and withdrawing at once: the withdrawal either precedes the pause or is refused by it', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await fundedUser();
      const { secret, recoveryCodes } = await turnOnTwoFactor(t.app, u.token, clock);
      const [w, off] = await Promise.all([
        withdraw(u.token, { code: clock.code(secret) }),
        call(t.app, 'POST', '/user/2fa/disable', {
          token: u.token,
          body: { password: TEST_PASSWORD, code: recoveryCodes[0] },
        }),
      ]);
      expect(off.status).toBe(200);
      expect([200, 409]).toContain(w.status);
      const [held] = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from transactions where user_id = ${u.user.id} and type = 'Withdrawal'`,
      );
      expect(held?.n).toBe(w.status === 200 ? 1 : 0);
    }
  });
});
