import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../../src/modules/payments/simulated';
import { fundUser } from '../../factories/money';
import { createUser, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { balanceOf, expectLedgerOk, VALID } from '../ledger/support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const send = (body: unknown, opts: { signature?: string; provider?: string; raw?: string } = {}) => {
  const raw = opts.raw ?? JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/webhook/${opts.provider ?? 'simulated'}`,
    headers: { 'content-type': 'application/json', 'x-signature': opts.signature ?? signWebhook(t.config.secret, raw) },
    payload: raw,
  });
};

describe('payment webhooks', () => {
  it('credits a deposit once; forged and replayed events change nothing', async () => {
    const u = await createUser(t.app);
    const d = await call(t.app, 'POST', '/user/deposit', { token: u.token, body: { currency: 'ETH' } });
    const reference = d.body.transactionID;

    const forged = await send(
      { id: 'evt-1', type: 'deposit.received', reference, amount: '75' },
      { signature: 'a'.repeat(64) },
    );
    expect(forged.statusCode).toBe(401);
    const wrongSecret = JSON.stringify({ id: 'evt-1', type: 'deposit.received', reference, amount: '75' });
    expect(
      (await send(null, { raw: wrongSecret, signature: signWebhook('another-secret-entirely', wrongSecret) }))
        .statusCode,
    ).toBe(401);
    expect((await send(null, { raw: wrongSecret, signature: '' })).statusCode).toBe(401);
    expect((await send({ id: 'evt-x', type: 'deposit.received', reference, amount: '-5' })).statusCode).toBe(401);
    expect((await send({ id: 'evt-x', type: 'deposit.received', reference, amount: '1.1234567' })).statusCode).toBe(
      401,
    );
    expect((await send({ id: 'evt-x', type: 'mystery', reference })).statusCode).toBe(401);
    expect((await send({ id: 'evt-1' }, { provider: 'acme' })).statusCode).toBe(404);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '0', held: '0' });

    // A partial receipt is recorded; the final one completes the deposit with the total.
    const partial = await send({ id: 'evt-1', type: 'deposit.received', reference, amount: '25', final: false });
    expect(partial.statusCode, partial.body).toBe(200);
    let tx = await call(t.app, 'GET', `/transactions/${reference}`, { token: u.token });
    expect(tx.body).toMatchObject({ status: 'Pending', amount: '25' });
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '0', held: '0' });
    const fin = await send({ id: 'evt-2', type: 'deposit.received', reference, amount: '50' });
    expect(fin.statusCode, fin.body).toBe(200);
    tx = await call(t.app, 'GET', `/transactions/${reference}`, { token: u.token });
    expect(tx.body).toMatchObject({ status: 'Complete', amount: '75' });
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '75', held: '0' });

    const replay = await send({ id: 'evt-2', type: 'deposit.received', reference, amount: '50' });
    expect(replay.statusCode).toBe(409);
    const late = await send({ id: 'evt-3', type: 'deposit.received', reference, amount: '50' });
    expect(late.statusCode).toBe(409);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '75', held: '0' });
    await expectLedgerOk(t.app);
  });

  it('settles a withdrawal from a payout event', async () => {
    const u = await createUser(t.app);
    await fundUser(t.app, u.user.id, '50');
    const w = await call(t.app, 'POST', '/user/withdraw', {
      token: u.token,
      body: { currency: 'BTC', address: VALID.BTC, amount: '30', password: TEST_PASSWORD },
    });
    expect(
      (await send({ id: 'p-1', type: 'payout.failed', reference: w.body.id, reason: 'Address rejected' })).statusCode,
    ).toBe(200);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '50', held: '0' });
    const detail = await call(t.app, 'GET', `/transactions/${w.body.id}`, { token: u.token });
    expect(detail.body).toMatchObject({ status: 'Failed', failureReason: 'Address rejected' });
    const w2 = await call(t.app, 'POST', '/user/withdraw', {
      token: u.token,
      body: { currency: 'BTC', address: VALID.BTC, amount: '30', password: TEST_PASSWORD },
    });
    expect((await send({ id: 'p-2', type: 'payout.completed', reference: w2.body.id })).statusCode).toBe(200);
    expect((await send({ id: 'p-3', type: 'payout.completed', reference: w2.body.id })).statusCode).toBe(409);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '20', held: '0' });
    await expectLedgerOk(t.app);
  });
});
