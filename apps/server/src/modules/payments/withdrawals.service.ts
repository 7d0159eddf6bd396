import { randomUUID } from 'node:crypto';
import { type Currency, formatMoney, isValidAddress, MONEY_MSG } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { conflict, invalid, notFound } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { enqueueJob } from '../jobs';
import { notifyTransaction } from '../notifications';
import { getProvider, providerFor } from './providers';
import { pendingWindowMs } from './deposits.service';
import {
  accountId,
  InsufficientFunds,
  postJournal,
  type TransactionRow,
  transactionsRepo,
  withdrawalDescription,
} from '../ledger';

/** Marks a withdrawal whose payout call has started: staff can no longer fail it. */
const PAYOUT_STARTED = 'payout-started';

export type WithdrawInput = { currency: Currency; address: string; amount: bigint; password: string };

/**
 * POST /user/withdraw: checks the password, then in one transaction creates the Pending withdrawal
 * (one pending per user, enforced by a unique index), holds the amount (available → held, refused
 * below zero under a row lock) and queues the payout for the end of the pending window.
 */
export async function createWithdrawal(
  ctx: AppContext,
  user: { id: string; passwordHash: string },
  input: WithdrawInput,
): Promise<string> {
  const provider = providerFor(ctx, input.currency);
  // On the chain rails a USDT payout goes to an Ethereum address; a TRON one could never be paid.
  if (provider.name === 'evm' && !isValidAddress('ETH', input.address)) {
    throw invalid({ address: MONEY_MSG.evmAddress(input.currency) });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw invalid({ password: MONEY_MSG.incorrectPassword });
  }
  const expiresAt = new Date(Date.now() + pendingWindowMs(ctx));
  return ctx.db.transaction(async (tx) => {
    const row = await transactionsRepo.insertPending(tx, {
      id: randomUUID(),
      userId: user.id,
      type: 'Withdrawal',
      status: 'Pending',
      currency: input.currency,
      amount: input.amount,
      address: input.address,
      provider: provider.name,
      expiresAt,
      description: withdrawalDescription(input.currency, input.address),
    });
    if (!row) throw conflict(MONEY_MSG.onePending);
    try {
      await postJournal(tx, {
        kind: 'withdrawal-hold',
        transactionId: row.id,
        postings: [
          { accountId: await accountId(tx, user.id, 'user_available'), amount: -input.amount },
          { accountId: await accountId(tx, user.id, 'user_held'), amount: input.amount },
        ],
      });
    } catch (err) {
      if (err instanceof InsufficientFunds)
        throw invalid({ amount: MONEY_MSG.insufficient(formatMoney(err.available)) });
      throw err;
    }
    await enqueueJob(tx, {
      kind: 'withdrawal-payout',
      payload: { transactionId: row.id },
      runAt: expiresAt,
      dedupeKey: `withdrawal-payout:${row.id}`,
    });
    return row.id;
  });
}

/** The withdrawal's hold goes back: user held → user available, once per withdrawal. */
async function releaseHold(tx: Tx, t: TransactionRow): Promise<void> {
  await postJournal(tx, {
    kind: 'withdrawal-release',
    transactionId: t.id,
    idempotencyKey: `withdrawal-release:${t.id}`,
    postings: [
      { accountId: await accountId(tx, t.userId, 'user_held'), amount: -t.amount },
      { accountId: await accountId(tx, t.userId, 'user_available'), amount: t.amount },
    ],
  });
}

async function settle(tx: Tx, t: TransactionRow, outcome: { ok: true; ref: string } | { ok: false; reason: string }) {
  if (outcome.ok) {
    await postJournal(tx, {
      kind: 'withdrawal-payout',
      transactionId: t.id,
      idempotencyKey: `withdrawal-payout:${t.id}`,
      postings: [
        { accountId: await accountId(tx, t.userId, 'user_held'), amount: -t.amount },
        { accountId: await accountId(tx, null, `provider:${t.provider ?? 'simulated'}`), amount: t.amount },
      ],
    });
    await transactionsRepo.markPaidOut(tx, t.id, outcome.ref);
    await notifyTransaction(tx, 'withdrawal.sent', t.id);
  } else {
    await releaseHold(tx, t);
    await transactionsRepo.markFailed(tx, t.id, outcome.reason);
    await notifyTransaction(tx, 'withdrawal.failed', t.id);
  }
}

/**
 * Pays a withdrawal out (job at the end of the window, or staff). Three steps so no network call
 * happens inside a database transaction: claim (mark the payout started), call the provider with
 * our id as its idempotency reference, settle. A crash between steps reruns the job, which calls
 * the provider again with the same reference (no double payout) and settles once.
 */
export async function payoutWithdrawal(ctx: AppContext, id: string, opts: { byStaff?: boolean } = {}): Promise<void> {
  const t = await ctx.db.transaction(async (tx) => {
    const row = await transactionsRepo.lock(tx, id);
    if (row?.type !== 'Withdrawal' || row.status !== 'Pending') {
      // Staff actions are final (DESIGN §8): a transaction that something else ended is a 409.
      if (opts.byStaff) throw conflict(MONEY_MSG.notPending);
      return null;
    }
    // Only the job may resume a payout that was started (after a crash); staff may start one once.
    if (opts.byStaff && row.providerRef === PAYOUT_STARTED) throw conflict(MONEY_MSG.payoutSent);
    if (row.providerRef !== PAYOUT_STARTED) {
      await transactionsRepo.setProviderRef(tx, id, PAYOUT_STARTED);
    }
    return row;
  });
  if (!t) return;
  const provider = getProvider(ctx, t.provider ?? 'simulated');
  if (!provider) throw new Error(`unknown payment provider ${t.provider}`);
  const result = await provider.sendPayout({
    reference: t.id,
    currency: t.currency,
    address: t.address ?? '',
    amount: t.amount,
  });
  // On the chain (DESIGN §12): submitted stays Pending until its confirmations settle it; waiting
  // (the hot wallet cannot cover it) is not started, so staff may still fail it while it waits.
  if (result.status === 'submitted') return transactionsRepo.setTxHash(ctx.db, id, result.ref);
  if (result.status === 'waiting') return transactionsRepo.unmarkPayoutStarted(ctx.db, id, PAYOUT_STARTED);
  await ctx.db.transaction(async (tx) => {
    const row = await transactionsRepo.lock(tx, id);
    if (row?.status !== 'Pending') return;
    await settle(
      tx,
      row,
      result.status === 'sent' ? { ok: true, ref: result.ref } : { ok: false, reason: result.reason },
    );
  });
}

/** Staff fail a pending withdrawal before its payout starts: the hold goes back to available. */
export async function failWithdrawal(tx: Tx, t: TransactionRow, reason: string): Promise<void> {
  if (t.providerRef === PAYOUT_STARTED) throw conflict(MONEY_MSG.payoutSent);
  await settle(tx, t, { ok: false, reason });
}

/** The provider reports the outcome of a payout (webhook). */
export async function settleWithdrawalFromProvider(
  tx: Tx,
  id: string,
  outcome: { ok: true; ref: string } | { ok: false; reason: string },
): Promise<void> {
  const t = await transactionsRepo.lock(tx, id);
  if (t?.type !== 'Withdrawal') throw notFound('Transaction not found');
  if (t.status !== 'Pending') throw conflict(MONEY_MSG.notPending);
  await settle(tx, t, outcome);
}

/**
 * POST /transactions/{id}/cancel: the owner takes back a pending withdrawal before its payout
 * starts. The hold goes back to available and the status becomes Cancelled in one transaction;
 * the queued payout job then finds it no longer pending and does nothing. Anyone but the owner
 * gets 404, as if it did not exist.
 */
export async function cancelWithdrawal(ctx: AppContext, userId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const t = await transactionsRepo.lock(tx, id);
    if (!t || t.userId !== userId) throw notFound('Transaction not found');
    if (t.type !== 'Withdrawal' || t.status !== 'Pending') throw conflict(MONEY_MSG.notCancellable);
    if (t.providerRef === PAYOUT_STARTED) throw conflict(MONEY_MSG.payoutSent);
    await releaseHold(tx, t);
    await transactionsRepo.markCancelled(tx, t.id);
  });
}
