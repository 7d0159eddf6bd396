import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { projects, tasks, transactions, users } from '../../db/schema/index';

export type TransactionRow = typeof transactions.$inferSelect;

const counterparty = alias(users, 'counterparty');
/** The other side of a payment, as the API shows it (DESIGN §8). */
const counterpartyColumns = {
  id: counterparty.id,
  firstName: counterparty.firstName,
  lastName: counterparty.lastName,
  username: counterparty.username,
};
export type CounterpartyRow = { id: string; firstName: string; lastName: string; username: string | null } | null;

export const transactionsRepo = {
  /** Inserts a Pending transaction unless the user already has one (the partial unique index decides). */
  async insertPending(tx: Tx, values: typeof transactions.$inferInsert): Promise<TransactionRow | null> {
    const [row] = await tx.insert(transactions).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  /** Inserts a transaction and answers its id. */
  async insert(tx: Tx, values: typeof transactions.$inferInsert): Promise<string> {
    const [row] = await tx.insert(transactions).values(values).returning({ id: transactions.id });
    return row.id;
  },

  async lock(tx: Tx, id: string): Promise<TransactionRow | undefined> {
    const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
    return row;
  },

  /** A deposit completes with the amount credited. */
  async markCredited(tx: Tx, id: string, amount: bigint): Promise<void> {
    await tx
      .update(transactions)
      .set({ status: 'Complete', amount, completedAt: new Date() })
      .where(eq(transactions.id, id));
  },

  /** A withdrawal completes with the provider's reference of the payout. */
  async markPaidOut(tx: Tx, id: string, providerRef: string): Promise<void> {
    await tx
      .update(transactions)
      .set({ status: 'Complete', completedAt: new Date(), providerRef })
      .where(eq(transactions.id, id));
  },

  async markFailed(tx: Tx, id: string, failureReason: string): Promise<void> {
    await tx
      .update(transactions)
      .set({ status: 'Failed', completedAt: new Date(), failureReason })
      .where(eq(transactions.id, id));
  },

  /** Money a provider reported at a pending deposit's address, credited later. */
  async addReceived(tx: Tx, id: string, amount: bigint): Promise<void> {
    await tx
      .update(transactions)
      .set({ amount: sql`${transactions.amount} + ${amount.toString()}::bigint` })
      .where(eq(transactions.id, id));
  },

  /** Marks a withdrawal whose payout call has started (staff can no longer fail it). */
  async setProviderRef(tx: Tx, id: string, providerRef: string): Promise<void> {
    await tx.update(transactions).set({ providerRef }).where(eq(transactions.id, id));
  },

  async setTxHash(exec: Executor, id: string, txHash: string): Promise<void> {
    await exec.update(transactions).set({ txHash }).where(eq(transactions.id, id));
  },

  /** A payout that did not start after all (it waits for funds): staff may fail it again. */
  async unmarkPayoutStarted(exec: Executor, id: string, marker: string): Promise<void> {
    await exec
      .update(transactions)
      .set({ providerRef: null })
      .where(and(eq(transactions.id, id), eq(transactions.status, 'Pending'), eq(transactions.providerRef, marker)));
  },

  /** The owner cancelled a pending withdrawal (DESIGN §13). */
  async markCancelled(tx: Tx, id: string): Promise<void> {
    await tx.update(transactions).set({ status: 'Cancelled', completedAt: new Date() }).where(eq(transactions.id, id));
  },

  async find(exec: Executor, id: string): Promise<TransactionRow | undefined> {
    const [row] = await exec.select().from(transactions).where(eq(transactions.id, id));
    return row;
  },

  async pendingOf(exec: Executor, userId: string): Promise<TransactionRow | undefined> {
    const [row] = await exec
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.status, 'Pending')))
      .limit(1);
    return row;
  },

  async listForUser(exec: Executor, userId: string, page: number, limit: number) {
    const rows = await exec
      .select({ t: transactions, counterparty: counterpartyColumns })
      .from(transactions)
      .leftJoin(counterparty, eq(counterparty.id, transactions.counterpartyId))
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [{ total }] = await exec.select({ total: count() }).from(transactions).where(eq(transactions.userId, userId));
    return { rows, total };
  },

  async detail(exec: Executor, id: string) {
    const [row] = await exec
      .select({
        t: transactions,
        task: { id: tasks.id, identifier: tasks.identifier, summary: tasks.summary },
        project: { id: projects.id, handle: projects.handle, name: projects.name },
        counterparty: counterpartyColumns,
      })
      .from(transactions)
      .leftJoin(counterparty, eq(counterparty.id, transactions.counterpartyId))
      .leftJoin(tasks, eq(tasks.id, transactions.taskId))
      .leftJoin(projects, eq(projects.id, transactions.projectId))
      .where(eq(transactions.id, id));
    return row;
  },

  async listByStatus(exec: Executor, status: TransactionRow['status']) {
    return exec
      .select({
        t: transactions,
        user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
        counterparty: counterpartyColumns,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .leftJoin(counterparty, eq(counterparty.id, transactions.counterpartyId))
      .where(eq(transactions.status, status))
      .orderBy(desc(transactions.createdAt))
      .limit(500);
  },

  /** The available balance after each of the user's last `limit` entries, oldest first. */
  async balanceHistory(exec: Executor, userId: string, limit = 200) {
    const rows = await queryRows<{ created_at: string | Date; balance: string }>(
      exec,
      sql`select created_at, balance::text as balance from (
            select e.created_at, e.id, sum(e.amount) over (order by e.created_at, e.id) as balance
            from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where a.user_id = ${userId} and a.kind = 'user_available'
          ) s order by created_at desc, id desc limit ${limit}`,
    );
    return rows.reverse().map((r) => ({ date: new Date(r.created_at), balance: BigInt(r.balance) }));
  },
};
