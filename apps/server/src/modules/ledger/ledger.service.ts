import { formatMoney } from '@devmarket/contract';
import type { Tx } from '../../db/client';
import { publishInTransaction } from '../realtime';
import { getBalances } from './balances.repo';
import { addToBalance, insertJournal, lockAccounts } from './ledger.repo';

/** Thrown when a posting would take a user's balance below zero; carries what was there. */
export class InsufficientFunds extends Error {
  override name = 'InsufficientFunds';
  constructor(
    readonly accountId: string,
    readonly kind: string,
    readonly available: bigint,
  ) {
    super(`Insufficient funds on ${kind}`);
  }
}

export type Posting = { accountId: string; amount: bigint };
export type JournalInput = {
  kind: string;
  transactionId?: string | null;
  taskId?: string | null;
  /** The movement happens at most once per key; a repeat returns false and changes nothing. */
  idempotencyKey?: string;
  postings: Posting[];
};

/**
 * Posts journals (double entry: each one's postings sum to zero) in the caller's transaction.
 * Locks every touched account FOR UPDATE in id order (one order for everyone: no deadlocks
 * between postings), refuses to take a user balance below zero, keeps the cached balances in step
 * and queues a 'balance' event per touched user that is delivered only if the transaction commits.
 * Returns false when an idempotency key was already used.
 */
export async function postJournals(tx: Tx, inputs: JournalInput[]): Promise<boolean> {
  const deltas = new Map<string, bigint>();
  for (const j of inputs) {
    const sum = j.postings.reduce((s, p) => s + p.amount, 0n);
    if (sum !== 0n) throw new Error(`journal ${j.kind} does not balance (${sum})`);
    if (j.postings.some((p) => p.amount === 0n)) throw new Error(`journal ${j.kind} has a zero posting`);
    for (const p of j.postings) deltas.set(p.accountId, (deltas.get(p.accountId) ?? 0n) + p.amount);
  }
  const ids = [...deltas.keys()].sort();
  if (ids.length === 0) return true;
  const accounts = await lockAccounts(tx, ids);
  if (accounts.length !== ids.length) throw new Error('posting to an unknown ledger account');

  for (const [i, j] of inputs.entries()) {
    const journalId = await insertJournal(tx, j);
    if (!journalId) {
      // Only the first journal may find its key used (then nothing was written yet).
      if (j.idempotencyKey && i === 0) return false;
      throw new Error(`journal ${j.kind} was already posted`);
    }
  }

  const touchedUsers = new Set<string>();
  for (const a of accounts) {
    const delta = deltas.get(a.id) ?? 0n;
    if (delta === 0n) continue;
    const next = a.balance + delta;
    if (a.kind.startsWith('user_') && next < 0n) throw new InsufficientFunds(a.id, a.kind, a.balance);
    await addToBalance(tx, a.id, delta);
    if (a.userId) touchedUsers.add(a.userId);
  }
  for (const userId of touchedUsers) await queueBalanceEvent(tx, userId);
  return true;
}

export const postJournal = (tx: Tx, input: JournalInput) => postJournals(tx, [input]);

/** Reads a user's balances as the transaction sees them and NOTIFYs them (delivered on commit). */
async function queueBalanceEvent(tx: Tx, userId: string) {
  const { available, held } = await getBalances(tx, userId);
  await publishInTransaction(tx, {
    type: 'balance',
    userIds: [userId],
    data: { balance: formatMoney(available), held: formatMoney(held) },
  });
}
