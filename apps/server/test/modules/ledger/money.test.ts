import { AMOUNT_MSG, MONEY_MSG, MSG } from '@devmarket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundUser } from '../../factories/money';
import { createUser, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';
import { balanceOf, expectLedgerOk, runJobsOf, VALID } from './support';

let t: TestApp;
type U = Awaited<ReturnType<typeof createUser>>;
let staff: U;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createUser(t.app, { isStaff: true });
});
afterAll(async () => t?.close());

const withdraw = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/user/withdraw', { token, body });
const goodWithdrawal = (over: Record<string, unknown> = {}) => ({
  currency: 'USDT',
  address: VALID.ETH,
  amount: '25',
  password: TEST_PASSWORD,
  ...over,
});

describe('balance', () => {
  it('starts at zero and needs a token', async () => {
    const u = await createUser(t.app);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '0', held: '0' });
    expect((await call(t.app, 'GET', '/user/balance')).status).toBe(401);
    expect((await call(t.app, 'GET', '/transactions')).status).toBe(401);
  });
});

describe('deposits', () => {
  it('creates a pending deposit with an address, one at a time, and staff confirm the amount', async () => {
    const u = await createUser(t.app);
    const r = await call(t.app, 'POST', '/user/deposit', { token: u.token, body: { currency: 'BTC' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.transactionID;
    const d = await call(t.app, 'GET', `/transactions/${id}`, { token: u.token });
    expect(d.body).toMatchObject({ type: 'Deposit', status: 'Pending', currency: 'BTC', amount: '0' });
    expect(d.body.address).toMatch(/^bc1q/);
    expect(new Date(d.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 5 * 3600_000);

    const again = await call(t.app, 'POST', '/user/deposit', { token: u.token, body: { currency: 'ETH' } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MONEY_MSG.onePending);
    const me = await call(t.app, 'GET', '/user', { token: u.token });
    expect(me.body.pendingTransactionID).toBe(id);

    // Staff only; a deposit needs the amount.
    expect(
      (await call(t.app, 'POST', `/admin/transactions/${id}/complete`, { token: u.token, body: { amount: '100' } }))
        .status,
    ).toBe(403);
    expectValidationError(
      await call(t.app, 'POST', `/admin/transactions/${id}/complete`, { token: staff.token, body: {} }),
      {
        amount: MSG.required,
      },
    );
    const list = await call(t.app, 'GET', '/admin/transactions?status=Pending', { token: staff.token });
    expect(list.body.map((x: { id: string }) => x.id)).toContain(id);
    const ok = await call(t.app, 'POST', `/admin/transactions/${id}/complete`, {
      token: staff.token,
      body: { amount: '100' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '100', held: '0' });
    const done = await call(t.app, 'GET', `/transactions/${id}`, { token: u.token });
    expect(done.body).toMatchObject({ status: 'Complete', amount: '100', expiresAt: null });
    expect(done.body.completedAt).toBeTruthy();
    const me2 = await call(t.app, 'GET', '/user', { token: u.token });
    expect(me2.body).toMatchObject({ cachedBalance: '100', pendingTransactionID: null });
    // Confirming twice changes nothing.
    expect(
      (await call(t.app, 'POST', `/admin/transactions/${id}/complete`, { token: staff.token, body: { amount: '5' } }))
        .status,
    ).toBe(409);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '100', held: '0' });
    await expectLedgerOk(t.app);
  });

  it('refuses unknown currencies and bad staff amounts without changing anything', async () => {
    const u = await createUser(t.app);
    for (const body of [{}, { currency: 'DOGE' }, { currency: 'usdt' }, { currency: 5 }]) {
      expectValidationError(await call(t.app, 'POST', '/user/deposit', { token: u.token, body }), { currency: /./ });
    }
    const r = await call(t.app, 'POST', '/user/deposit', { token: u.token, body: { currency: 'USDT' } });
    const id = r.body.transactionID;
    for (const amount of ['-5', '0', '1.1234567', '99999999999999', 'abc', '', -1, 1e21]) {
      const c = await call(t.app, 'POST', `/admin/transactions/${id}/complete`, {
        token: staff.token,
        body: { amount },
      });
      expect(c.status, String(amount)).toBe(422);
    }
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '0', held: '0' });
    expect(
      (await call(t.app, 'POST', '/api/v1/admin/transactions/not-an-id/fail', { token: staff.token })).status,
    ).toBe(404);
  });

  it('expires as Failed when nothing arrives in the pending window; staff can fail one', async () => {
    const u = await createUser(t.app);
    const r = await call(t.app, 'POST', '/user/deposit', { token: u.token, body: { currency: 'ETH' } });
    await runJobsOf(t.app, r.body.transactionID);
    const d = await call(t.app, 'GET', `/transactions/${r.body.transactionID}`, { token: u.token });
    expect(d.body).toMatchObject({ status: 'Failed', amount: '0' });
    const r2 = await call(t.app, 'POST', '/user/deposit', { token: u.token, body: { currency: 'USDT' } });
    expect(r2.status).toBe(200);
    expect(
      (await call(t.app, 'POST', `/admin/transactions/${r2.body.transactionID}/fail`, { token: staff.token })).status,
    ).toBe(200);
    expect((await call(t.app, 'GET', `/transactions/${r2.body.transactionID}`, { token: u.token })).body.status).toBe(
      'Failed',
    );
    await expectLedgerOk(t.app);
  });
});

describe('withdrawals', () => {
  it('checks every field with the spec messages', async () => {
    const u = await createUser(t.app);
    await fundUser(t.app, u.user.id, '30');
    expectValidationError(await withdraw(u.token, {}), {
      currency: /BTC, ETH or USDT/,
      address: MSG.required,
      amount: MSG.required,
      password: MSG.required,
    });
    expectValidationError(await withdraw(u.token, goodWithdrawal({ amount: '19.99' })), {
      amount: MONEY_MSG.minWithdrawal,
    });
    expect(MONEY_MSG.minWithdrawal).toBe('Minimum withdrawal is $20.00 USDT');
    expectValidationError(await withdraw(u.token, goodWithdrawal({ amount: '30.01' })), {
      amount: 'Insufficient balance. You only have $30.00 USDT available.',
    });
    for (const amount of ['-25', '0', '25.1234567', '1000000000000', 'twenty', '', -25, 0, null, '25,5']) {
      expect((await withdraw(u.token, goodWithdrawal({ amount }))).status, String(amount)).toBe(422);
    }
    for (const [amount, message] of [
      ['twenty', AMOUNT_MSG.notNumber],
      ['-10', AMOUNT_MSG.notPositive],
      [0, AMOUNT_MSG.notPositive],
      ['25.1234567', AMOUNT_MSG.decimals],
      ['1000000000000', AMOUNT_MSG.tooLarge],
    ] as const) {
      expectValidationError(await withdraw(u.token, goodWithdrawal({ amount })), { amount: message });
    }
    for (const [currency, address] of [
      ['BTC', VALID.ETH],
      ['ETH', VALID.BTC],
      ['ETH', '0x123'],
      ['USDT', VALID.BTC],
      ['BTC', 'bc1'],
      ['USDT', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv'],
    ]) {
      expectValidationError(await withdraw(u.token, goodWithdrawal({ currency, address })), {
        address: `Enter a valid ${currency} address`,
      });
    }
    expectValidationError(await withdraw(u.token, goodWithdrawal({ currency: 'XRP' })), { currency: /./ });
    expectValidationError(await withdraw(u.token, goodWithdrawal({ password: 'wrong-password' })), {
      password: MONEY_MSG.incorrectPassword,
    });
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '30', held: '0' });
    expect((await call(t.app, 'GET', '/transactions', { token: u.token })).body).toHaveLength(1);
    await expectLedgerOk(t.app);
  });

  it('accepts valid addresses for each currency', async () => {
    const u = await createUser(t.app);
    await fundUser(t.app, u.user.id, '1000');
    for (const [currency, address] of [
      ['BTC', VALID.BTC],
      ['BTC', VALID.BTC_LEGACY],
      ['ETH', VALID.ETH],
      ['USDT', VALID.TRON],
    ]) {
      const r = await withdraw(u.token, goodWithdrawal({ currency, address, amount: 20 }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await call(t.app, 'POST', `/admin/transactions/${r.body.id}/fail`, { token: staff.token });
    }
  });

  it('holds at once, allows one pending, releases when staff fail it and pays out when the window ends', async () => {
    const u = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, u.user.id, '100');
    const r = await withdraw(u.token, goodWithdrawal({ amount: '25.5' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '74.5', held: '25.5' });
    const second = await withdraw(u.token, goodWithdrawal());
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe(MONEY_MSG.onePending);
    await expectLedgerOk(t.app);

    expect((await call(t.app, 'POST', `/admin/transactions/${r.body.id}/fail`, { token: staff.token })).status).toBe(
      200,
    );
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '100', held: '0' });
    expect((await call(t.app, 'POST', `/admin/transactions/${r.body.id}/fail`, { token: staff.token })).status).toBe(
      409,
    );
    // The payout job of the failed withdrawal does nothing.
    await runJobsOf(t.app, r.body.id);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '100', held: '0' });

    const w = await withdraw(u.token, goodWithdrawal({ amount: '40' }));
    expect(w.status).toBe(200);
    expect(await runJobsOf(t.app, w.body.id)).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '60', held: '0' });
    const d = await call(t.app, 'GET', `/transactions/${w.body.id}`, { token: u.token });
    expect(d.body).toMatchObject({
      type: 'Withdrawal',
      status: 'Complete',
      amount: '40',
      address: VALID.ETH,
      currency: 'USDT',
    });
    // Running again pays nothing more.
    await runJobsOf(t.app, w.body.id);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '60', held: '0' });
    // A paid withdrawal cannot be failed.
    expect((await call(t.app, 'POST', `/admin/transactions/${w.body.id}/fail`, { token: staff.token })).status).toBe(
      409,
    );
    await expectLedgerOk(t.app);
  });
});

describe('history', () => {
  it('pages the user’s own transactions newest first; others get 404', async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    for (const a of ['1', '2', '3']) await fundUser(t.app, u.user.id, a);
    const p1 = await call(t.app, 'GET', '/transactions?page=1&limit=2', { token: u.token });
    expect(p1.status).toBe(200);
    expect(p1.res.headers['x-total-count']).toBe('3');
    expect(p1.body.map((x: { amount: string }) => x.amount)).toEqual(['3', '2']);
    const p2 = await call(t.app, 'GET', '/transactions?page=2&limit=2', { token: u.token });
    expect(p2.body.map((x: { amount: string }) => x.amount)).toEqual(['1']);
    expect(p1.body[0]).toMatchObject({ type: 'Deposit', status: 'Complete', currency: 'USDT' });
    expect((await call(t.app, 'GET', `/transactions/${p1.body[0].id}`, { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/transactions/${p1.body[0].id}`, { token: staff.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/transactions/nope', { token: u.token })).status).toBe(404);
    expect((await call(t.app, 'GET', '/transactions?limit=0', { token: u.token })).status).toBe(422);
    const h = await call(t.app, 'GET', '/user/balance/history', { token: u.token });
    expect(h.body.map((x: { balance: string }) => x.balance)).toEqual(['1', '3', '6']);
  });
});
