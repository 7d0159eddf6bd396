import { testModeNotice } from '@devmarket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

/** Issue 28 point 4: deposits name their network, and the API says which provider serves each currency. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const deposit = (token: string, body: unknown) => call(t.app, 'POST', '/user/deposit', { token, body });
const addressOf = async (token: string, id: string) =>
  (await call(t.app, 'GET', `/transactions/${id}`, { token })).body.address as string;

describe('deposit networks (DESIGN §19)', () => {
  it('GET /config/money lists each way to deposit with its provider: without chain rails all are test mode', async () => {
    const r = await call(t.app, 'GET', '/config/money');
    expect(r.status).toBe(200);
    expect(r.body.deposits).toEqual([
      { currency: 'BTC', network: null, label: 'BTC on Bitcoin', provider: 'simulated', testMode: true },
      { currency: 'ETH', network: null, label: 'ETH on Ethereum', provider: 'simulated', testMode: true },
      {
        currency: 'USDT',
        network: 'ERC-20',
        label: 'USDT on Ethereum (ERC-20)',
        provider: 'simulated',
        testMode: true,
      },
      { currency: 'USDT', network: 'TRC-20', label: 'USDT on Tron (TRC-20)', provider: 'simulated', testMode: true },
    ]);
    expect(testModeNotice('USDT')).toBe('Test mode: deposits of USDT are confirmed by staff');
  });

  it('USDT on ERC-20 gets an 0x address, on TRC-20 a T… address', async () => {
    const a = await createUser(t.app);
    const erc = await deposit(a.token, { currency: 'USDT', network: 'ERC-20' });
    expect(erc.status, JSON.stringify(erc.body)).toBe(200);
    expect(await addressOf(a.token, erc.body.transactionID)).toMatch(/^0x[0-9a-f]{40}$/);

    const b = await createUser(t.app);
    const trc = await deposit(b.token, { currency: 'USDT', network: 'TRC-20' });
    expect(trc.status, JSON.stringify(trc.body)).toBe(200);
    expect(await addressOf(b.token, trc.body.transactionID)).toMatch(/^T/);
  });

  it('a network is only for USDT, and only one of the two (422 on network)', async () => {
    const u = await createUser(t.app);
    expectValidationError(await deposit(u.token, { currency: 'BTC', network: 'ERC-20' }), {
      network: /Only USDT/,
    });
    expectValidationError(await deposit(u.token, { currency: 'USDT', network: 'BEP-20' }), { network: /./ });
  });
});
