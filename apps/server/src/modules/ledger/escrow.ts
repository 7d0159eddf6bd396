import { formatMoney, MONEY_MSG } from '@devmarket/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { escrowHolds, projects, tasks, transactions, users } from '../../db/schema/index';
import { invalid } from '../../lib/errors';
import { paymentDescription } from './descriptions';
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
    .onConflictDoUpdate({
      target: escrowHolds.taskId,
      set: { ownerId, amount, status: 'held', settledAt: null, createdAt: new Date() },
    });
}

export type SettleInput = {
  taskId: string;
  assigneeId: string;
  projectId: string;
  /** The assignee's share; the whole hold when absent (completion, auto-release, release). */
  share?: bigint;
  /** The payment rows' description; "Payment for <identifier> <summary>" when absent. */
  description?: string;
};

async function taskTitle(tx: Tx, taskId: string) {
  const [row] = await tx
    .select({ identifier: tasks.identifier, summary: tasks.summary })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  return row;
}

/**
 * Settles a task's hold, exactly once: the assignee's share is paid (the owner's Payment-Out, the
 * assignee's Payment-In) and any rest goes back to the owner's available balance. The hold row is
 * locked first, so concurrent or repeated settlements wait and then find it settled (null).
 */
export async function settleTaskEscrow(tx: Tx, input: SettleInput): Promise<{ paid: bigint } | null> {
  const { taskId, assigneeId, projectId } = input;
  const hold = await lockHold(tx, taskId);
  if (hold?.status !== 'held') return null;
  const share = input.share ?? hold.amount;
  if (share < 0n || share > hold.amount) throw new Error(`share ${share} outside the hold of task ${taskId}`);
  const rest = hold.amount - share;
  const description = input.description ?? paymentDescription(await taskTitle(tx, taskId));
  const ownerHeld = await accountId(tx, hold.ownerId, 'user_held');
  const now = new Date();
  if (share > 0n) {
    const platform = await accountId(tx, null, 'platform');
    const assigneeAvailable = await accountId(tx, assigneeId, 'user_available');
    const common = {
      status: 'Complete' as const,
      currency: 'USDT' as const,
      amount: share,
      taskId,
      projectId,
      completedAt: now,
      description,
    };
    const [out] = await tx
      .insert(transactions)
      .values({ ...common, userId: hold.ownerId, type: 'Payment-Out', counterpartyId: assigneeId })
      .returning({ id: transactions.id });
    const [inn] = await tx
      .insert(transactions)
      .values({ ...common, userId: assigneeId, type: 'Payment-In', counterpartyId: hold.ownerId })
      .returning({ id: transactions.id });
    // Owner held → platform clearing → assignee available: one journal per user-visible transaction.
    const posted = await postJournals(tx, [
      {
        kind: 'task-payment-out',
        transactionId: out.id,
        taskId,
        idempotencyKey: `task-pay:${taskId}`,
        postings: [
          { accountId: ownerHeld, amount: -share },
          { accountId: platform, amount: share },
        ],
      },
      {
        kind: 'task-payment-in',
        transactionId: inn.id,
        taskId,
        idempotencyKey: `task-pay-in:${taskId}`,
        postings: [
          { accountId: platform, amount: -share },
          { accountId: assigneeAvailable, amount: share },
        ],
      },
    ]);
    if (!posted) throw new Error(`task ${taskId} was paid without its hold being marked paid`);
    await tx
      .update(projects)
      .set({ cachedTotalSpent: sql`${projects.cachedTotalSpent} + ${share.toString()}::bigint` })
      .where(eq(projects.id, projectId));
    await tx
      .update(users)
      .set({ cachedTasksCompleted: sql`${users.cachedTasksCompleted} + 1` })
      .where(eq(users.id, assigneeId));
  }
  if (rest > 0n) {
    await postJournal(tx, {
      kind: 'escrow-release',
      taskId,
      idempotencyKey: `escrow-rest:${taskId}`,
      postings: [
        { accountId: ownerHeld, amount: -rest },
        { accountId: await accountId(tx, hold.ownerId, 'user_available'), amount: rest },
      ],
    });
  }
  await tx
    .update(escrowHolds)
    .set({ status: share > 0n ? 'paid' : 'released', settledAt: now })
    .where(eq(escrowHolds.taskId, taskId));
  return { paid: share };
}

/** Completion pays the whole hold to the assignee. */
export const payTaskEscrow = (tx: Tx, input: Omit<SettleInput, 'share'>) => settleTaskEscrow(tx, input);

/** The task is unassigned (or refunded by staff): its hold goes back to the owner's available balance. */
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

/** The identifiers of a project's tasks that hold escrow (DESIGN §5: deletion is refused while any does). */
export async function projectHeldTasks(exec: Executor, projectId: string): Promise<string[]> {
  const rows = await queryRows<{ identifier: string }>(
    exec,
    sql`select t.identifier from escrow_holds h join tasks t on t.id = h.task_id
        where t.project_id = ${projectId} and h.status = 'held' order by t.number`,
  );
  return rows.map((r) => r.identifier);
}

/** Clears the settled holds and resolved disputes of a project's tasks, so its deletion may cascade. */
export async function clearSettledEscrow(tx: Tx, projectId: string): Promise<void> {
  await tx.execute(
    sql`delete from escrow_holds h using tasks t where t.id = h.task_id and t.project_id = ${projectId}
        and h.status <> 'held'`,
  );
  await tx.execute(
    sql`delete from disputes d using tasks t where t.id = d.task_id and t.project_id = ${projectId}
        and d.status = 'Resolved'`,
  );
}

/** GET /user/holds: the caller's open escrow, newest first. */
export async function listHolds(exec: Executor, ownerId: string) {
  return queryRows<{
    task_id: string;
    identifier: string;
    summary: string;
    project_id: string;
    project_name: string;
    amount: string;
    since: Date | string;
  }>(
    exec,
    sql`select h.task_id, t.identifier, t.summary, p.id as project_id, p.name as project_name,
          h.amount::text as amount, h.created_at as since
        from escrow_holds h join tasks t on t.id = h.task_id join projects p on p.id = t.project_id
        where h.owner_id = ${ownerId} and h.status = 'held'
        order by h.created_at desc`,
  );
}
