import { randomUUID } from 'node:crypto';
import { type Currency, MONEY_MSG } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { enqueueJob } from '../jobs';
import { notifyTransaction } from '../notifications';
import { providerFor } from './providers';
import { accountId, depositDescription, postJournal, type TransactionRow, transactionsRepo } from '../ledger';

export const pendingWindowMs = (ctx: AppContext) => Math.round(ctx.config.pendingHours * 3_600_000);

/** POST /user/deposit: a Pending deposit with a provider address, expiring after the pending window. */
export async function createDeposit(ctx: AppContext, userId: string, currency: Currency): Promise<string> {
  if (await transactionsRepo.pendingOf(ctx.db, userId)) throw conflict(MONEY_MSG.onePending);
  const provider = providerFor(ctx, currency);
  const id = randomUUID();
  // Provider calls may be network I/O: never inside the database transaction.
  const { address, ref } = await provider.createDepositAddress({ reference: id, currency, userId });
  const expiresAt = new Date(Date.now() + pendingWindowMs(ctx));
  return ctx.db.transaction(async (tx) => {
    const row = await transactionsRepo.insertPending(tx, {
      id,
      userId,
      type: 'Deposit',
      status: 'Pending',
      currency,
      amount: 0n,
      address,
      provider: provider.name,
      providerRef: ref,
      expiresAt,
      description: depositDescription(currency),
    });
    if (!row) throw conflict(MONEY_MSG.onePending);
    await enqueueJob(tx, {
      kind: 'deposit-expire',
      payload: { transactionId: id },
      runAt: expiresAt,
      dedupeKey: `deposit-expire:${id}`,
    });
    return id;
  });
}

/** A deposit's journal: the provider's account pays the user's available balance, once per deposit. */
async function postDepositJournal(
  tx: Tx,
  deposit: { id: string; userId: string; provider: string },
  amount: bigint,
): Promise<void> {
  await postJournal(tx, {
    kind: 'deposit',
    transactionId: deposit.id,
    idempotencyKey: `deposit:${deposit.id}`,
    postings: [
      { accountId: await accountId(tx, null, `provider:${deposit.provider}`), amount: -amount },
      { accountId: await accountId(tx, deposit.userId, 'user_available'), amount },
    ],
  });
}

/** Credits a deposit in the caller's transaction: provider → user available, transaction Complete. */
async function credit(tx: Tx, t: TransactionRow, amount: bigint): Promise<void> {
  await postDepositJournal(tx, { id: t.id, userId: t.userId, provider: t.provider ?? 'simulated' }, amount);
  await transactionsRepo.markCredited(tx, t.id, amount);
  await notifyTransaction(tx, 'deposit.credited', t.id);
}

async function lockPendingDeposit(tx: Tx, id: string): Promise<TransactionRow> {
  const t = await transactionsRepo.lock(tx, id);
  if (t?.type !== 'Deposit') throw notFound('Transaction not found');
  if (t.status !== 'Pending') throw conflict(MONEY_MSG.notPending);
  return t;
}

/** Staff (simulated provider) or the provider confirm what arrived, in USDT: the deposit completes. */
export async function confirmDeposit(ctx: AppContext, id: string, amount: bigint): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const t = await lockPendingDeposit(tx, id);
    await credit(tx, t, amount);
  });
}

/**
 * A provider reports money at the address: with `final` the deposit completes with everything
 * received; otherwise the amount is recorded and credited when the pending window ends.
 */
export async function receiveDeposit(tx: Tx, id: string, amount: bigint, final: boolean): Promise<void> {
  const t = await lockPendingDeposit(tx, id);
  const total = t.amount + amount;
  if (final) await credit(tx, t, total);
  else await transactionsRepo.addReceived(tx, id, amount);
}

/** Job: the pending window ended. What was received is credited; nothing received → Failed. */
export async function expireDeposit(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const t = await transactionsRepo.lock(tx, id);
    if (t?.type !== 'Deposit' || t.status !== 'Pending') return;
    if (t.amount > 0n) return credit(tx, t, t.amount);
    // A chain transfer is on its way to this deposit (DESIGN §12): the watcher completes it at M
    // confirmations, or expires it if a reorganisation removes the transfer.
    if (t.confirmations !== null) return;
    await transactionsRepo.markFailed(tx, id, 'Nothing was received within the pending window');
  });
}

/** A deposit that is complete at once (seeds and test factories): same ledger path as staff confirmation. */
export async function recordCompletedDeposit(ctx: AppContext, userId: string, amount: bigint): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const t = await transactionsRepo.insertPending(tx, {
      userId,
      type: 'Deposit',
      status: 'Pending',
      currency: 'USDT',
      amount: 0n,
      provider: 'simulated',
      description: depositDescription('USDT'),
    });
    if (!t) {
      // The user has another pending transaction: write the completed deposit directly.
      const id = await transactionsRepo.insert(tx, {
        userId,
        type: 'Deposit',
        status: 'Complete',
        currency: 'USDT',
        amount,
        provider: 'simulated',
        completedAt: new Date(),
        description: depositDescription('USDT'),
      });
      await postDepositJournal(tx, { id, userId, provider: 'simulated' }, amount);
      await notifyTransaction(tx, 'deposit.credited', id);
      return id;
    }
    await credit(tx, t, amount);
    return t.id;
  });
}

/**
 * Money that arrived on the chain at a user's address (DESIGN §12), in the caller's transaction:
 * it completes their pending deposit of that currency, or else is credited as a new Complete
 * deposit, so nothing sent to a user's address is lost. Returns the deposit's id.
 */
export async function creditArrivedDeposit(
  tx: Tx,
  arrived: { userId: string; currency: Currency; amount: bigint; provider: string; txHash: string; pendingId?: string },
): Promise<string> {
  const pending = arrived.pendingId ? await transactionsRepo.lock(tx, arrived.pendingId) : undefined;
  if (pending?.type === 'Deposit' && pending.status === 'Pending' && pending.userId === arrived.userId) {
    await credit(tx, pending, pending.amount + arrived.amount);
    await transactionsRepo.setTxHash(tx, pending.id, arrived.txHash);
    return pending.id;
  }
  const id = await transactionsRepo.insert(tx, {
    userId: arrived.userId,
    type: 'Deposit',
    status: 'Complete',
    currency: arrived.currency,
    amount: arrived.amount,
    provider: arrived.provider,
    txHash: arrived.txHash,
    completedAt: new Date(),
  });
  await postDepositJournal(tx, { id, userId: arrived.userId, provider: arrived.provider }, arrived.amount);
  return id;
}
