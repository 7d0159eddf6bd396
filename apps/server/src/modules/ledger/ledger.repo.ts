import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { journals, ledgerAccounts, ledgerEntries } from '../../db/schema/index';

export type AccountKind = 'user_available' | 'user_held' | 'platform' | `provider:${string}`;

/** The id of a user's (or, with userId null, the system's) account of this kind, created on first use. */
export async function accountId(exec: Executor, userId: string | null, kind: AccountKind): Promise<string> {
  const where = and(
    userId ? eq(ledgerAccounts.userId, userId) : isNull(ledgerAccounts.userId),
    eq(ledgerAccounts.kind, kind),
  );
  const [found] = await exec.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (found) return found.id;
  await exec.insert(ledgerAccounts).values({ userId, kind }).onConflictDoNothing();
  const [row] = await exec.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (!row) throw new Error(`ledger account ${kind} missing`);
  return row.id;
}

export const userAccounts = async (exec: Executor, userId: string) => ({
  available: await accountId(exec, userId, 'user_available'),
  held: await accountId(exec, userId, 'user_held'),
});

export type LedgerAccountRow = { id: string; userId: string | null; kind: string; balance: bigint };

/** Locks the accounts FOR UPDATE in id order (one order for everyone: no deadlocks between postings). */
export async function lockAccounts(tx: Tx, ids: string[]): Promise<LedgerAccountRow[]> {
  return tx
    .select({
      id: ledgerAccounts.id,
      userId: ledgerAccounts.userId,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...ids].sort()))
    .orderBy(ledgerAccounts.id)
    .for('update');
}

/** Inserts a journal and its entries; null (nothing written) when its idempotency key was used. */
export async function insertJournal(
  tx: Tx,
  j: {
    kind: string;
    transactionId?: string | null;
    taskId?: string | null;
    idempotencyKey?: string;
    postings: { accountId: string; amount: bigint }[];
  },
): Promise<string | null> {
  const [journal] = await tx
    .insert(journals)
    .values({
      kind: j.kind,
      transactionId: j.transactionId ?? null,
      taskId: j.taskId ?? null,
      idempotencyKey: j.idempotencyKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: journals.id });
  if (!journal) return null;
  await tx
    .insert(ledgerEntries)
    .values(j.postings.map((p) => ({ journalId: journal.id, accountId: p.accountId, amount: p.amount })));
  return journal.id;
}

/** Moves an account's cached balance by delta (the caller holds its lock). */
export async function addToBalance(tx: Tx, id: string, delta: bigint): Promise<void> {
  await tx
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} + ${delta.toString()}::bigint` })
    .where(eq(ledgerAccounts.id, id));
}
