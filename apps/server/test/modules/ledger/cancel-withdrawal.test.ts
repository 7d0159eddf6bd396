import { DEFAULT_PENDING_HOURS, MONEY_MSG } from '@devmarket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundUser } from '../../factories/money';
import { createUser, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { balanceOf, expectLedgerOk, runJobsOf, VALID } from './support';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function pendingWithdrawal(amount = '30') {
  const u = await createUser(t.app);
  await fundUser(t.app, u.user.id, '100');
  const r = await call(t.app, 'POST', '/user/withdraw', {
    token: u.token,
    body: { currency: 'USDT', address: VALID.TRON, amount, password: TEST_PASSWORD },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { u, id: r.body.id as string };
}

const cancel = (id: string, token?: string) => call(t.app, 'POST', `/transactions/${id}/cancel`, { token });

describe('POST /transactions/{id}/cancel', () => {
  it('lets the owner cancel a pending withdrawal: Cancelled, hold released, payout job does nothing', async () => {
    const { u, id } = await pendingWithdrawal('30');
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '70', held: '30' });

    const r = await cancel(id, u.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id, status: 'Cancelled', type: 'Withdrawal', expiresAt: null });
    // DESIGN §19: its time is the cancellation's, never a completion's.
    expect(r.body.completedAt).toBeNull();
    expect(r.body.failedAt).toBeNull();
    expect(Date.parse(r.body.cancelledAt)).toBeGreaterThan(Date.now() - 60_000);
    const listed = await call(t.app, 'GET', '/transactions', { token: u.token });
    expect(listed.body.find((x: { id: string }) => x.id === id)).toMatchObject({
      status: 'Cancelled',
      completedAt: null,
      cancelledAt: r.body.cancelledAt,
    });
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '100', held: '0' });
    const me = await call(t.app, 'GET', '/user', { token: u.token });
    expect(me.body.pendingTransactionID).toBeNull();

    // The payout job at the end of the window finds nothing to send.
    await runJobsOf(t.app, id);
    const after = await call(t.app, 'GET', `/transactions/${id}`, { token: u.token });
    expect(after.body.status).toBe('Cancelled');
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '100', held: '0' });

    // A second cancel is a conflict and changes nothing.
    const again = await cancel(id, u.token);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MONEY_MSG.notCancellable);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '100', held: '0' });
    await expectLedgerOk(t.app);
  });

  it('is 404 for anyone but the owner (staff included) and 401 without a token', async () => {
    const { u, id } = await pendingWithdrawal('25');
    const other = await createUser(t.app);
    const staff = await createUser(t.app, { isStaff: true });
    expect((await cancel(id, other.token)).status).toBe(404);
    expect((await cancel(id, staff.token)).status).toBe(404);
    expect((await cancel(id)).status).toBe(401);
    expect((await cancel('00000000-0000-4000-8000-000000000000', u.token)).status).toBe(404);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '75', held: '25' });
    const still = await call(t.app, 'GET', `/transactions/${id}`, { token: u.token });
    expect(still.body.status).toBe('Pending');
  });

  it('is 409 for a withdrawal already paid out and for a pending deposit', async () => {
    const { u, id } = await pendingWithdrawal('20');
    await runJobsOf(t.app, id);
    const paid = await call(t.app, 'GET', `/transactions/${id}`, { token: u.token });
    expect(paid.body.status).toBe('Complete');
    const r = await cancel(id, u.token);
    expect(r.status).toBe(409);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '80', held: '0' });

    const d = await call(t.app, 'POST', '/user/deposit', { token: u.token, body: { currency: 'USDT' } });
    expect(d.status).toBe(200);
    const dr = await cancel(d.body.transactionID, u.token);
    expect(dr.status).toBe(409);
    const dep = await call(t.app, 'GET', `/transactions/${d.body.transactionID}`, { token: u.token });
    expect(dep.body.status).toBe('Pending');
    await expectLedgerOk(t.app);
  });
});

describe('GET /config/money', () => {
  it('states the pending window the server applies, without signing in', async () => {
    const r = await call(t.app, 'GET', '/config/money');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ pendingHours: t.app.ctx.config.pendingHours });
    expect(typeof DEFAULT_PENDING_HOURS).toBe('number');
  });
});
