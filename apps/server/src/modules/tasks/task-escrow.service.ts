import { formatMoney, positionBefore, TASK_MSG, type Task } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { conflict, forbidden } from '../../lib/errors';
import { releaseTaskEscrow } from '../ledger';
import { notifyTask } from '../notifications';
import { assertMember, loadProjectAccess } from './task-access';
import { announceTask, lockTaskForChange, publishAndRead } from './task-steps';
import { getTask } from './tasks.service';
import { tasksRepo } from './tasks.repo';

type Actor = { id: string };

/**
 * POST /tasks/{id}/unassign (DESIGN §8): the owner takes the task back while it is ToDo or In
 * Progress and not in dispute; the hold returns to the owner in the same transaction and the
 * terms become editable again.
 */
export async function unassignTask(ctx: AppContext, actor: Actor, taskId: string): Promise<Task> {
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await lockTaskForChange(tx, taskId);
    const access = await loadProjectAccess(tx, row.project_id, actor.id);
    assertMember(access);
    if (!access.isOwner) throw forbidden(TASK_MSG.ownerUnassigns);
    if (!row.assignee_id) throw conflict(TASK_MSG.notAssigned);
    if (row.open_dispute_id) throw conflict(TASK_MSG.inDispute);
    if (row.stage !== 'ToDo' && row.stage !== 'In Progress') throw conflict(TASK_MSG.unassignStage);
    const name = await tasksRepo.personName(tx, row.assignee_id);
    const position = positionBefore(await tasksRepo.firstPosition(tx, row.project_id, ['ToDo', 'Unassigned']));
    await tasksRepo.update(tx, taskId, { assigneeId: null, stage: 'Unassigned', position, reviewDeadline: null });
    await releaseTaskEscrow(tx, taskId);
    const returned = row.price ? `; ${formatMoney(row.price)} USDT returned to the owner` : '';
    await tasksRepo.addActivity(tx, {
      taskId,
      userId: actor.id,
      kind: 'system',
      text: `Unassigned ${name}${returned}`,
    });
    await announceTask(tx, row.project_id, 'task.stage_changed', taskId, ctx.now());
    return row.project_id;
  });
  await publishAndRead(ctx, projectId, taskId);
  return getTask(ctx, actor, { id: taskId });
}

/**
 * POST /tasks/{id}/request-changes (DESIGN §8): the owner sends a task in Review back to In
 * Progress with a reason; the reason becomes the owner's comment and the review window closes.
 */
export async function requestChanges(ctx: AppContext, actor: Actor, taskId: string, reason: string) {
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await lockTaskForChange(tx, taskId);
    const access = await loadProjectAccess(tx, row.project_id, actor.id);
    assertMember(access);
    if (!access.isOwner) throw forbidden(TASK_MSG.ownerRequestsChanges);
    if (row.open_dispute_id) throw conflict(TASK_MSG.inDispute);
    if (row.stage !== 'Review') throw conflict(TASK_MSG.notInReview);
    const position = positionBefore(await tasksRepo.firstPosition(tx, row.project_id, ['In Progress']));
    await tasksRepo.update(tx, taskId, { stage: 'In Progress', position, reviewDeadline: null });
    await tasksRepo.addActivity(tx, {
      taskId,
      userId: actor.id,
      kind: 'system',
      text: 'Requested changes: back to In Progress',
    });
    await tasksRepo.addActivity(tx, { taskId, userId: actor.id, text: reason });
    await notifyTask(tx, 'task.changes_requested', taskId, actor.id);
    await announceTask(tx, row.project_id, 'task.stage_changed', taskId, ctx.now());
    return row.project_id;
  });
  await publishAndRead(ctx, projectId, taskId);
  return getTask(ctx, actor, { id: taskId });
}
