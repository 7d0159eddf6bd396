import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { escrowHolds, projects, tasks, users } from '../../db/schema/index';

export type EscrowHoldRow = typeof escrowHolds.$inferSelect;

export const escrowRepo = {
  /** The task's hold, locked: concurrent or repeated settlements wait here, then find it settled. */
  async lockHold(tx: Tx, taskId: string): Promise<EscrowHoldRow | undefined> {
    const [hold] = await tx.select().from(escrowHolds).where(eq(escrowHolds.taskId, taskId)).for('update');
    return hold;
  },

  /** Records the task's hold as held; a released hold of the task is reused. */
  async recordHeld(tx: Tx, hold: { taskId: string; ownerId: string; amount: bigint }): Promise<void> {
    const { taskId, ownerId, amount } = hold;
    await tx
      .insert(escrowHolds)
      .values({ taskId, ownerId, amount, status: 'held' })
      .onConflictDoUpdate({
        target: escrowHolds.taskId,
        set: { ownerId, amount, status: 'held', settledAt: null, createdAt: new Date() },
      });
  },

  async markSettled(tx: Tx, taskId: string, status: 'paid' | 'released', settledAt: Date): Promise<void> {
    await tx.update(escrowHolds).set({ status, settledAt }).where(eq(escrowHolds.taskId, taskId));
  },

  /** Releases the hold only while it is still held. */
  async markReleasedIfHeld(tx: Tx, taskId: string): Promise<void> {
    await tx
      .update(escrowHolds)
      .set({ status: 'released', settledAt: new Date() })
      .where(and(eq(escrowHolds.taskId, taskId), eq(escrowHolds.status, 'held')));
  },

  async taskTitle(tx: Tx, taskId: string) {
    const [row] = await tx
      .select({ identifier: tasks.identifier, summary: tasks.summary })
      .from(tasks)
      .where(eq(tasks.id, taskId));
    return row;
  },

  /** The public totals a payment moves: the project's total spent and the assignee's completed tasks. */
  async countPayment(tx: Tx, payment: { projectId: string; assigneeId: string; share: bigint }): Promise<void> {
    await tx
      .update(projects)
      .set({ cachedTotalSpent: sql`${projects.cachedTotalSpent} + ${payment.share.toString()}::bigint` })
      .where(eq(projects.id, payment.projectId));
    await tx
      .update(users)
      .set({ cachedTasksCompleted: sql`${users.cachedTasksCompleted} + 1` })
      .where(eq(users.id, payment.assigneeId));
  },

  /** The identifiers of a project's tasks that hold escrow (DESIGN §5: deletion is refused while any does). */
  async projectHeldTasks(exec: Executor, projectId: string): Promise<string[]> {
    const rows = await queryRows<{ identifier: string }>(
      exec,
      sql`select t.identifier from escrow_holds h join tasks t on t.id = h.task_id
          where t.project_id = ${projectId} and h.status = 'held' order by t.number`,
    );
    return rows.map((r) => r.identifier);
  },

  /** Clears the settled holds and resolved disputes of a project's tasks, so its deletion may cascade. */
  async clearSettled(tx: Tx, projectId: string): Promise<void> {
    await tx.execute(
      sql`delete from escrow_holds h using tasks t where t.id = h.task_id and t.project_id = ${projectId}
          and h.status <> 'held'`,
    );
    await tx.execute(
      sql`delete from disputes d using tasks t where t.id = d.task_id and t.project_id = ${projectId}
          and d.status = 'Resolved'`,
    );
  },

  /** GET /user/holds: the caller's open escrow, newest first. */
  async listHeld(exec: Executor, ownerId: string) {
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
  },
};
