import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { checkLedger } from '../../../src/modules/ledger/ledger-check';
import { payoutWithdrawal } from '../../../src/modules/payments/withdrawals.service';
import { jobHandlers } from '../../../src/job-registry';
import { runDueJobs } from '../../../src/modules/jobs/jobs.runner';
import { type DevChain, startDevChain } from '../../../src/modules/payments/evm/dev-chain';
import { btcDepositAddress, ethDepositAddress, parseBtcXpub } from '../../../src/lib/hd-keys';
import { payoutCrashPoints } from '../../../src/modules/payments/evm/payouts.service';
import { watchOnce } from '../../../src/modules/payments/evm/watcher.service';
import { createStaff, createUser, TEST_PASSWORD } from '../../factories/users';
import { fundUser } from '../../factories/money';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';
import { MONEY_MSG } from '@devmarket/contract';
import { sql } from 'drizzle-orm';
import type { Hex } from 'viem';

/**
 * DESIGN §12 against a real EVM chain (ganache in this process, contracts compiled from
 * apps/server/contracts with solc). Nothing is mocked between the server and the chain: the
 * server reaches ganache over JSON-RPC, and the test mines blocks on demand.
 */
const M = 3;
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
let chain: DevChain;
let t: TestApp;

beforeAll(async () => {
  chain = await startDevChain();
  t = await buildTestApp({
    ...chain.env,
    ETH_CONFIRMATIONS: String(M),
    EXPLORER_TX_URL: 'https://explorer.example/tx/{hash}',
    TRANSACTION_PENDING_HOURS: '0.000001',
    // BIP-84 test vector account (mnemonic "abandon … about"): its first receive address is known.
    BTC_XPUB: BIP84_ZPUB,
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chain?.close();
});

/** The watcher catches up with the chain (as its loop would). */
async function watch(ctx = t.app.ctx) {
  while (await watchOnce(ctx));
}

const balanceOf = async (token: string) => (await call(t.app, 'GET', '/user/balance', { token })).body.balance;
const transaction = async (token: string, id: string) =>
  (await call(t.app, 'GET', `/transactions/${id}`, { token })).body;

async function deposit(token: string, currency: 'ETH' | 'USDT') {
  const r = await call(t.app, 'POST', '/user/deposit', { token, body: { currency } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const d = await transaction(token, r.body.transactionID);
  return { id: r.body.transactionID as string, address: d.address as Hex };
}

async function withdraw(token: string, currency: 'ETH' | 'USDT', address: string, amount: string) {
  const r = await call(t.app, 'POST', '/user/withdraw', {
    token,
    body: { currency, address, amount, password: TEST_PASSWORD },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await new Promise((res) => setTimeout(res, 20)); // the pending window (3.6 ms) ends
  await runDueJobs(t.app.ctx, jobHandlers);
  return r.body.id as string;
}

const freshAddress = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('hex')}` as Hex;

describe('chain deposits', () => {
  it('USDT: seen at 1 confirmation, climbing, credited exactly once at M', async () => {
    const u = await createUser(t.app);
    const { id, address } = await deposit(u.token, 'USDT');
    // The address is the user's own, derived from DEPOSIT_XPUB at m/44'/60'/0'/0/n.
    const n = (await t.app.db.execute(sql`select n from chain_addresses where user_id = ${u.user.id}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(address).toBe(ethDepositAddress(chain.depositAccount, n.rows[0].n));

    await chain.sendUsdt(address, 25_500000n);
    await watch();
    let d = await transaction(u.token, id);
    expect(d).toMatchObject({ status: 'Pending', confirmations: 1, confirmationsRequired: M });
    await chain.mine(1);
    await watch();
    expect(await transaction(u.token, id)).toMatchObject({ status: 'Pending', confirmations: 2 });
    await chain.mine(1);
    await watch();
    d = await transaction(u.token, id);
    expect(d).toMatchObject({ status: 'Complete', amount: '25.5' });
    expect(d.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(d.explorerUrl).toBe(`https://explorer.example/tx/${d.txHash}`);
    await chain.mine(5);
    await watch();
    expect(await balanceOf(u.token)).toBe('25.5');
  });

  it('ETH with no pending deposit: a new Complete deposit at the feed price when credited', async () => {
    const u = await createUser(t.app);
    const first = await deposit(u.token, 'ETH');
    await call(t.app, 'POST', `/admin/transactions/${first.id}/fail`, { token: (await createStaff(t.app)).token });
    await chain.sendEth(first.address, chain.parseEther('0.01'));
    await watch();
    await chain.setEthUsd(2500_00000000n); // mined: a confirmation, and the price at crediting
    await chain.mine(M);
    await watch();
    expect(await balanceOf(u.token)).toBe('25');
    const list = (await call(t.app, 'GET', '/transactions', { token: u.token })).body;
    const credited = list.filter((x: { status: string }) => x.status === 'Complete');
    expect(credited).toHaveLength(1);
    expect(credited[0]).toMatchObject({ type: 'Deposit', currency: 'ETH', amount: '25' });
    await chain.setEthUsd(3000_00000000n);
  });

  it('a deposit whose window ends while its transfer confirms is completed, not expired', async () => {
    const u = await createUser(t.app);
    const { id, address } = await deposit(u.token, 'USDT');
    await chain.sendUsdt(address, 3_000000n);
    await watch();
    await new Promise((r) => setTimeout(r, 20));
    await runDueJobs(t.app.ctx, jobHandlers); // the pending window (3.6 ms) has ended
    expect(await transaction(u.token, id)).toMatchObject({ status: 'Pending', confirmations: 1 });
    await chain.mine(M);
    await watch();
    expect(await transaction(u.token, id)).toMatchObject({ status: 'Complete', amount: '3' });
  });

  it('two server instances credit the same transfer once', async () => {
    const second = await buildApp({ config: t.config, database: t.database, webDist: null, logger: false });
    await second.ready();
    try {
      const u = await createUser(t.app);
      const { address } = await deposit(u.token, 'USDT');
      await chain.sendUsdt(address, 7_000000n);
      await chain.mine(M);
      await Promise.all([watch(t.app.ctx), watch(second.ctx), watch(t.app.ctx), watch(second.ctx)]);
      await chain.mine(1);
      await Promise.all([watch(t.app.ctx), watch(second.ctx)]);
      expect(await balanceOf(u.token)).toBe('7');
      expect((await checkLedger(t.app.db)).problems).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('a reorganisation that removes a transfer before M: never credited', async () => {
    const u = await createUser(t.app);
    const { id, address } = await deposit(u.token, 'USDT');
    const snap = await chain.snapshot();
    await chain.sendUsdt(address, 40_000000n);
    await chain.mine(1);
    await watch();
    expect(await transaction(u.token, id)).toMatchObject({ confirmations: 2 });
    await chain.revert(snap);
    await chain.mine(M + 2); // a different chain, longer than the one that had the transfer
    await watch();
    await chain.mine(M);
    await watch();
    // Its window (3.6 ms) ended while the transfer was seen: with the transfer gone, it expires.
    const d = await transaction(u.token, id);
    expect(d).toMatchObject({ status: 'Failed', confirmations: null, amount: '0' });
    expect(await balanceOf(u.token)).toBe('0');
    const removed = (await t.app.db.execute(
      sql`select status from chain_transfers where to_address = ${address.toLowerCase()}`,
    )) as unknown as { rows: { status: string }[] };
    expect(removed.rows.map((r) => r.status)).toEqual(['removed']);
  });
});

describe('BTC_XPUB', () => {
  it('makes the simulated BTC deposit addresses real BIP-84 addresses, one per user', async () => {
    const u = await createUser(t.app);
    const r = await call(t.app, 'POST', '/user/deposit', { token: u.token, body: { currency: 'BTC' } });
    const d = await transaction(u.token, r.body.transactionID);
    const n = (await t.app.db.execute(sql`select n from chain_addresses where user_id = ${u.user.id}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(d.address).toBe(btcDepositAddress(parseBtcXpub(BIP84_ZPUB), n.rows[0].n));
    expect(d.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(btcDepositAddress(parseBtcXpub(BIP84_ZPUB), 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });
});

describe('chain payouts', () => {
  it('USDT and ETH withdrawals arrive on the chain and are Complete with their hash after M blocks', async () => {
    const u = await createUser(t.app);
    await fundUser(t.app, u.user.id, '100');
    const to = freshAddress();
    const usdtId = await withdraw(u.token, 'USDT', to, '30');
    expect(await chain.usdtBalance(to)).toBe(30_000000n);
    let w = await transaction(u.token, usdtId);
    expect(w.status).toBe('Pending');
    expect(w.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await chain.mine(M);
    await watch();
    w = await transaction(u.token, usdtId);
    expect(w).toMatchObject({ status: 'Complete', explorerUrl: `https://explorer.example/tx/${w.txHash}` });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: w.txHash });
    expect(receipt.status).toBe('success');

    const ethTo = freshAddress();
    await chain.setEthUsd(3000_00000000n);
    const ethId = await withdraw(u.token, 'ETH', ethTo, '30'); // 30 USDT at 3000 USD/ETH
    expect(await chain.publicClient.getBalance({ address: ethTo })).toBe(chain.parseEther('0.01'));
    await chain.mine(M);
    await watch();
    expect(await transaction(u.token, ethId)).toMatchObject({ status: 'Complete' });
    expect(await call(t.app, 'GET', '/user/balance', { token: u.token })).toMatchObject({
      body: { balance: '40', held: '0' },
    });
  });

  it('refuses a USDT withdrawal to a TRON address, which the chain rails cannot pay', async () => {
    const u = await createUser(t.app);
    await fundUser(t.app, u.user.id, '50');
    const r = await call(t.app, 'POST', '/user/withdraw', {
      token: u.token,
      body: { currency: 'USDT', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', amount: '20', password: TEST_PASSWORD },
    });
    expectValidationError(r, { address: MONEY_MSG.evmAddress('USDT') });
    expect(await call(t.app, 'GET', '/user/balance', { token: u.token })).toMatchObject({
      body: { balance: '50', held: '0' },
    });
  });

  it('a reverted payout: Failed, hold released, ledger-check clean', async () => {
    const u = await createUser(t.app);
    await fundUser(t.app, u.user.id, '50');
    const to = freshAddress();
    await chain.flag(to);
    const id = await withdraw(u.token, 'USDT', to, '20');
    await chain.mine(M);
    await watch();
    const w = await transaction(u.token, id);
    expect(w).toMatchObject({ status: 'Failed', failureReason: 'The payout transaction reverted on the chain' });
    expect((await chain.publicClient.getTransactionReceipt({ hash: w.txHash })).status).toBe('reverted');
    expect(await call(t.app, 'GET', '/user/balance', { token: u.token })).toMatchObject({
      body: { balance: '50', held: '0' },
    });
    expect(await chain.usdtBalance(to)).toBe(0n);
    expect((await checkLedger(t.app.db)).problems).toEqual([]);
  });

  it('killed between signing and recording, or recording and sending: neither lost nor sent twice', async () => {
    const u = await createUser(t.app);
    await fundUser(t.app, u.user.id, '100');
    const hotNonce = () => chain.publicClient.getTransactionCount({ address: chain.hot });
    const rerunJob = async () => {
      await t.app.db.execute(
        sql`update jobs set run_at = now(), status = 'queued' where kind = 'withdrawal-payout' and status <> 'done'`,
      );
      await runDueJobs(t.app.ctx, jobHandlers);
    };

    // Dies after signing, before the signed transaction is recorded: nothing is sent.
    const to1 = freshAddress();
    payoutCrashPoints.afterSign = () => {
      throw new Error('killed');
    };
    const before = await hotNonce();
    const id1 = await withdraw(u.token, 'USDT', to1, '20');
    payoutCrashPoints.afterSign = undefined;
    expect(await hotNonce()).toBe(before);
    await rerunJob();
    expect(await chain.usdtBalance(to1)).toBe(20_000000n);

    await chain.mine(M);
    await watch();
    expect(await transaction(u.token, id1)).toMatchObject({ status: 'Complete' });

    // Dies after recording, before broadcasting: the restart sends the recorded bytes, once.
    const to2 = freshAddress();
    payoutCrashPoints.afterRecord = () => {
      throw new Error('killed');
    };
    const mid = await hotNonce();
    const id2 = await withdraw(u.token, 'USDT', to2, '20');
    payoutCrashPoints.afterRecord = undefined;
    expect(await chain.usdtBalance(to2)).toBe(0n);
    await rerunJob();
    await payoutWithdrawal(t.app.ctx, id2); // a second instance or a staff retry: same bytes, no new send
    expect(await chain.usdtBalance(to2)).toBe(20_000000n);
    expect(await hotNonce()).toBe(mid + 1);
    await chain.mine(M);
    await watch();
    expect(await transaction(u.token, id2)).toMatchObject({ status: 'Complete' });
    expect(await call(t.app, 'GET', '/user/balance', { token: u.token })).toMatchObject({
      body: { balance: '60', held: '0' },
    });
    expect((await checkLedger(t.app.db)).problems).toEqual([]);
  });

  it('a payout the hot wallet cannot cover waits, visibly in /admin, and goes out once funded', async () => {
    const staff = await createStaff(t.app);
    const u = await createUser(t.app);
    await fundUser(t.app, u.user.id, '100');
    await chain.drainHotUsdt();
    const to = freshAddress();
    const id = await withdraw(u.token, 'USDT', to, '25');
    const hw = await call(t.app, 'GET', '/admin/hot-wallet', { token: staff.token });
    expect(hw.status).toBe(200);
    expect(hw.body).toMatchObject({ enabled: true, address: chain.hot, usdt: '0' });
    expect(Number(hw.body.eth)).toBeGreaterThan(0);
    expect(hw.body.waiting).toEqual([expect.objectContaining({ transactionID: id, currency: 'USDT', amount: '25' })]);
    expect((await transaction(u.token, id)).status).toBe('Pending');
    await chain.sendUsdt(chain.hot, 1000_000000n);
    await watch();
    expect(await chain.usdtBalance(to)).toBe(25_000000n);
    await chain.mine(M);
    await watch();
    expect(await transaction(u.token, id)).toMatchObject({ status: 'Complete' });
    expect((await call(t.app, 'GET', '/admin/hot-wallet', { token: staff.token })).body.waiting).toEqual([]);
  });
});
