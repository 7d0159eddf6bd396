import { formatMoney, positionBefore, TASK_MSG } from '@devmarket/contract';
import type { Tx } from '../../db/client';
import { conflict } from '../../lib/errors';
import { payTaskEscrow } from '../ledger';
import { notifyAutoReleased, notifyTask } from '../notifications';
import { announceTask } from './task-steps';
import { type TaskRow, tasksRepo } from './tasks.repo';

/** The pay-on-completion step (DESIGN §8): the owner's completion and the review window's auto-release. */

/** Completes a task and pays its hold, in the caller's transaction (the owner's act or the review window's). */
export async function completeAndPay(
  tx: Tx,
  row: TaskRow,
  actorId: string | null,
  how: 'owner' | 'auto-release',
  now: Date,
) {
  if (!row.assignee_id) throw conflict(TASK_MSG.needsAssignee);
  const position = positionBefore(await tasksRepo.firstPosition(tx, row.project_id, ['Complete']));
  await tasksRepo.update(tx, row.id, { stage: 'Complete', position, completedAt: now, reviewDeadline: null });
  const paid = await payTaskEscrow(tx, {
    taskId: row.id,
    assigneeId: row.assignee_id,
    projectId: row.project_id,
    now,
  });
  await tasksRepo.countCompletion(tx, row.project_id);
  const payment = paid
    ? `; ${formatMoney(paid.paid)} USDT paid to ${await tasksRepo.personName(tx, row.assignee_id)}`
    : '';
  const text = how === 'owner' ? `Completed${payment}` : `Review window ended: completed automatically${payment}`;
  await tasksRepo.addActivity(tx, { taskId: row.id, userId: actorId, kind: 'system', text });
  if (paid) await notifyTask(tx, 'task.paid', row.id, actorId);
  if (paid) await announceTask(tx, row.project_id, 'task.paid', row.id);
  // DESIGN §19: a payment nobody clicked is news to the owner too.
  if (paid && how === 'auto-release') await notifyAutoReleased(tx, row.id, paid.paid, row.assignee_id);
  return paid;
}
