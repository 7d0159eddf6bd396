import { formatMoney, positionBefore, TASK_MSG, type TaskSummary } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { enqueueJob } from '../jobs';
import { payTaskEscrow } from '../ledger';
import { notifyTask } from '../notifications';
import { publishAfterCommit } from '../realtime';
import { projectMemberIds } from './task-access';
import { type TaskRow, tasksRepo } from './tasks.repo';

/** Steps shared by the task services and the review-window jobs. */

/** The notice to the owner goes out this long before the review window ends (DESIGN §8). */
const NOTICE_BEFORE_MS = 86_400_000;

/**
 * Locks in the one order of DESIGN §8 (the project, then the task): every transaction that changes
 * a task or its money starts here, so two of them never wait on each other in opposite orders.
 */
export async function lockTaskForChange(tx: Tx, taskId: string): Promise<TaskRow> {
  const projectId = await tasksRepo.projectIdOf(tx, taskId);
  if (!projectId || !(await tasksRepo.lockProject(tx, projectId))) throw notFound('Task not found');
  const row = await tasksRepo.lock(tx, taskId);
  if (!row) throw notFound('Task not found');
  return row;
}

/** Tells the team's open boards about a task change; called after commit. */
export async function publishTask(ctx: AppContext, projectId: string, task: TaskSummary | null) {
  if (!task) return;
  let userIds: string[];
  try {
    userIds = await projectMemberIds(ctx.db, projectId);
  } catch (err) {
    ctx.log.warn({ err }, 'task event not published');
    return;
  }
  await publishAfterCommit(ctx, { type: 'task', userIds, data: { projectID: projectId, task } });
}

/** Publishes the task's new state to its board and answers it (404 if it vanished meanwhile). */
export async function publishAndRead(ctx: AppContext, projectId: string, taskId: string): Promise<TaskSummary> {
  const task = await tasksRepo.findSummary(ctx.db, taskId);
  await publishTask(ctx, projectId, task);
  if (!task) throw notFound('Task not found');
  return task;
}

/** Completes a task and pays its hold, in the caller's transaction (the owner's act or the review window's). */
export async function completeAndPay(tx: Tx, row: TaskRow, actorId: string | null, how: 'owner' | 'auto-release') {
  if (!row.assignee_id) throw conflict(TASK_MSG.needsAssignee);
  const position = positionBefore(await tasksRepo.firstPosition(tx, row.project_id, ['Complete']));
  await tasksRepo.update(tx, row.id, { stage: 'Complete', position, completedAt: new Date(), reviewDeadline: null });
  const paid = await payTaskEscrow(tx, { taskId: row.id, assigneeId: row.assignee_id, projectId: row.project_id });
  await tasksRepo.countCompletion(tx, row.project_id);
  const payment = paid
    ? `; ${formatMoney(paid.paid)} USDT paid to ${await tasksRepo.personName(tx, row.assignee_id)}`
    : '';
  const text = how === 'owner' ? `Completed${payment}` : `Review window ended: completed automatically${payment}`;
  await tasksRepo.addActivity(tx, { taskId: row.id, userId: actorId, kind: 'system', text });
  if (paid) await notifyTask(tx, 'task.paid', row.id, actorId);
  return paid;
}

/**
 * Queues the auto-release at the deadline and the owner's notice a day before, in the transaction
 * that entered Review. Both carry the deadline they were made for: a later change request or
 * another round of Review makes them stale, and a stale job does nothing.
 */
export async function scheduleAutoRelease(tx: Tx, input: { taskId: string; deadline: Date }) {
  const deadline = input.deadline.toISOString();
  const payload = { taskId: input.taskId, deadline };
  await enqueueJob(tx, {
    kind: 'task-auto-release',
    payload,
    runAt: input.deadline,
    dedupeKey: `task-auto-release:${input.taskId}:${deadline}`,
  });
  const noticeAt = new Date(input.deadline.getTime() - NOTICE_BEFORE_MS);
  if (noticeAt.getTime() > Date.now()) {
    await enqueueJob(tx, {
      kind: 'task-auto-release-notice',
      payload,
      runAt: noticeAt,
      dedupeKey: `task-auto-release-notice:${input.taskId}:${deadline}`,
    });
  }
}
