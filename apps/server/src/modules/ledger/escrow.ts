import { formatMoney, MONEY_MSG } from '@devmarket/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { escrowHolds, projects, transactions, users } from '../../db/schema/index';
import { invalid } from '../../lib/errors';
import { accountId, InsufficientFunds, postJournal, postJournals } from './ledger.repo';

/**
 * The seam between tasks and money (DESIGN §4 escrow). The tasks module calls these inside the
 * database transaction that changes the task, so the task and its money move together or not at all.
 */

async function lockHold(tx: Tx, taskId: string) {
  const [hold] = await tx.select().from(escrowHolds).where(eq(escrowHolds.taskId, taskId)).for('update');
  return hold;
}

/** A priced task got an assignee: hold its price from the owner's available balance (422 on price when short). */
export async function holdTaskEscrow(
  tx: Tx,
  input: { taskId: string; ownerId: string; amount: bigint },
): Promise<void> {
  const { taskId, ownerId, amount } = input;
  if (amount <= 0n) return;
  const existing = await lockHold(tx, taskId);
  if (existing && existing.status !== 'released') return; // already held (or paid): holding twice is a no-op
  const available = await accountId(tx, ownerId, 'user_available');
  const held = await accountId(tx, ownerId, 'user_held');
  try {
    await postJournal(tx, {
      kind: 'escrow-hold',
      taskId,
      postings: [
        { accountId: available, amount: -amount },
        { accountId: held, amount },
      ],
    });
  } catch (err) {
    if (err instanceof InsufficientFunds) throw invalid({ price: MONEY_MSG.escrowShort(formatMoney(err.available)) });
    throw err;
  }
  await tx
    .insert(escrowHolds)
    .values({ taskId, ownerId, amount, status: 'held' })
    .onConflictDoUpdate({ target: escrowHolds.taskId, set: { ownerId, amount, status: 'held', settledAt: null } });
}

/**
 * The task moved to Complete: pay the held amount to the assignee, exactly once. The hold row is
 * locked first, so concurrent or repeated completions wait and then find it paid (null).
 */
export async function payTaskEscrow(
  tx: Tx,
  input: { taskId: string; assigneeId: string; projectId: string },
): Promise<{ paid: bigint } | null> {
  const { taskId, assigneeId, projectId } = input;
  const hold = await lockHold(tx, taskId);
  if (hold?.status !== 'held') return null;
  const amount = hold.amount;
  const ownerHeld = await accountId(tx, hold.ownerId, 'user_held');
  const platform = await accountId(tx, null, 'platform');
  const assigneeAvailable = await accountId(tx, assigneeId, 'user_available');
  const now = new Date();
  const common = {
    status: 'Complete' as const,
    currency: 'USDT' as const,
    amount,
    taskId,
    projectId,
    completedAt: now,
  };
  const [out] = await tx
    .insert(transactions)
    .values({ ...common, userId: hold.ownerId, type: 'Payment-Out' })
    .returning({ id: transactions.id });
  const [inn] = await tx
    .insert(transactions)
    .values({ ...common, userId: assigneeId, type: 'Payment-In' })
    .returning({ id: transactions.id });
  // Owner held → platform clearing → assignee available: one journal per user-visible transaction.
  const posted = await postJournals(tx, [
    {
      kind: 'task-payment-out',
      transactionId: out.id,
      taskId,
      idempotencyKey: `task-pay:${taskId}`,
      postings: [
        { accountId: ownerHeld, amount: -amount },
        { accountId: platform, amount },
      ],
    },
    {
      kind: 'task-payment-in',
      transactionId: inn.id,
      taskId,
      idempotencyKey: `task-pay-in:${taskId}`,
      postings: [
        { accountId: platform, amount: -amount },
        { accountId: assigneeAvailable, amount },
      ],
    },
  ]);
  if (!posted) throw new Error(`task ${taskId} was paid without its hold being marked paid`);
  await tx.update(escrowHolds).set({ status: 'paid', settledAt: now }).where(eq(escrowHolds.taskId, taskId));
  await tx
    .update(projects)
    .set({ cachedTotalSpent: sql`${projects.cachedTotalSpent} + ${amount.toString()}::bigint` })
    .where(eq(projects.id, projectId));
  await tx
    .update(users)
    .set({ cachedTasksCompleted: sql`${users.cachedTasksCompleted} + 1` })
    .where(eq(users.id, assigneeId));
  return { paid: amount };
}

/** The task or its project is deleted: release any hold back to the owner. */
export async function releaseTaskEscrow(tx: Tx, taskId: string): Promise<void> {
  const hold = await lockHold(tx, taskId);
  if (hold?.status !== 'held') return;
  await postJournal(tx, {
    kind: 'escrow-release',
    taskId,
    postings: [
      { accountId: await accountId(tx, hold.ownerId, 'user_held'), amount: -hold.amount },
      { accountId: await accountId(tx, hold.ownerId, 'user_available'), amount: hold.amount },
    ],
  });
  await tx
    .update(escrowHolds)
    .set({ status: 'released', settledAt: new Date() })
    .where(and(eq(escrowHolds.taskId, taskId), eq(escrowHolds.status, 'held')));
}

/** Total escrow held on a project's tasks (DESIGN §5: project deletion is refused while > 0). */
export async function projectHeldEscrow(exec: Executor, projectId: string): Promise<bigint> {
  const rows = await queryRows<{ total: string | null }>(
    exec,
    sql`select sum(h.amount)::text as total from escrow_holds h join tasks t on t.id = h.task_id
        where t.project_id = ${projectId} and h.status = 'held'`,
  );
  return BigInt(rows[0]?.total ?? 0);
}
