import { formatMoney, parseMoney, positionBefore, TASK_MSG, type DisputeOutcome, type Task } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { disputeDescription } from '../ledger';
import { releaseTaskEscrow, settleTaskEscrow } from '../ledger';
import { notifyTask } from '../notifications';
import { disputesRepo } from './disputes.repo';
import { assertMember, loadProjectAccess } from './task-access';
import { lockTaskForChange, publishAndRead } from './task-steps';
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
    return row.project_id;
  });
  await publishAndRead(ctx, projectId, taskId);
  return getTask(ctx, actor, { id: taskId });
}

/**
 * POST /tasks/{id}/dispute (DESIGN §8): the owner or the assignee of an assigned, priced task that
 * is not Complete; the hold is frozen until staff resolve it.
 */
export async function openDispute(ctx: AppContext, actor: Actor, taskId: string, reason: string) {
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await lockTaskForChange(tx, taskId);
    const access = await loadProjectAccess(tx, row.project_id, actor.id);
    assertMember(access);
    if (!access.isOwner && actor.id !== row.assignee_id) throw forbidden(TASK_MSG.disputeParties);
    if (!row.assignee_id || !row.price || row.stage === 'Complete') throw conflict(TASK_MSG.notDisputable);
    const dispute = await disputesRepo.insertOpen(tx, {
      taskId,
      openedBy: actor.id,
      assigneeId: row.assignee_id,
      reason,
    });
    if (!dispute) throw conflict(TASK_MSG.disputeOpen);
    await tasksRepo.addActivity(tx, { taskId, userId: actor.id, kind: 'system', text: `Opened a dispute: ${reason}` });
    // The other party hears of it (DESIGN §10).
    const other = actor.id === row.assignee_id ? access.ownerId : row.assignee_id;
    await notifyTask(tx, 'dispute.opened', taskId, actor.id, [other]);
    return row.project_id;
  });
  await publishAndRead(ctx, projectId, taskId);
  return getTask(ctx, actor, { id: taskId });
}

/**
 * Staff resolve an open dispute (DESIGN §8), in one transaction, exactly once: `release` pays the
 * assignee in full and completes the task; `refund` returns the hold and unassigns the task;
 * `split` pays `amount` to the assignee, returns the rest and completes the task.
 */
export async function resolveDispute(
  ctx: AppContext,
  staff: Actor,
  disputeId: string,
  input: { outcome: DisputeOutcome; amount?: string },
): Promise<void> {
  const taskId = await disputesRepo.taskIdOf(ctx.db, disputeId);
  if (!taskId) throw notFound('Dispute not found');
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await lockTaskForChange(tx, taskId);
    const dispute = await disputesRepo.lock(tx, disputeId);
    if (!dispute) throw notFound('Dispute not found');
    if (dispute.status !== 'Open') throw conflict(TASK_MSG.disputeNotOpen);
    const price = BigInt(row.price ?? 0);
    const share = shareOf(input, price);
    const assignee = await tasksRepo.personName(tx, dispute.assignee_id);
    const position = positionBefore(
      await tasksRepo.firstPosition(
        tx,
        row.project_id,
        input.outcome === 'refund' ? ['ToDo', 'Unassigned'] : ['Complete'],
      ),
    );
    if (input.outcome === 'refund') {
      await releaseTaskEscrow(tx, taskId);
      await tasksRepo.update(tx, taskId, { assigneeId: null, stage: 'Unassigned', position, reviewDeadline: null });
    } else {
      await tasksRepo.update(tx, taskId, {
        stage: 'Complete',
        position,
        completedAt: new Date(),
        reviewDeadline: null,
      });
      await settleTaskEscrow(tx, {
        taskId,
        assigneeId: dispute.assignee_id,
        projectId: row.project_id,
        share,
        description: disputeDescription(row),
      });
      await tasksRepo.countCompletion(tx, row.project_id);
    }
    await disputesRepo.resolve(tx, { id: disputeId, outcome: input.outcome, amount: share, resolvedBy: staff.id });
    await tasksRepo.addActivity(tx, {
      taskId,
      userId: null,
      kind: 'system',
      text: `Dispute resolved by staff: ${resolutionText(input.outcome, share, price - share, assignee)}`,
    });
    const ownerId = await tasksRepo.projectOwnerId(tx, row.project_id);
    await notifyTask(tx, 'dispute.resolved', taskId, staff.id, [ownerId ?? '', dispute.assignee_id]);
    return row.project_id;
  });
  await publishAndRead(ctx, projectId, taskId);
}

function shareOf(input: { outcome: DisputeOutcome; amount?: string }, price: bigint): bigint {
  if (input.outcome === 'release') return price;
  if (input.outcome === 'refund') return 0n;
  const amount = input.amount === undefined ? null : parseMoney(input.amount);
  if (amount === null || amount <= 0n || amount >= price) throw invalid({ amount: TASK_MSG.splitAmount });
  return amount;
}

function resolutionText(outcome: DisputeOutcome, share: bigint, rest: bigint, assignee: string): string {
  if (outcome === 'release') return `${formatMoney(share)} USDT released to ${assignee}`;
  if (outcome === 'refund') return `${formatMoney(rest)} USDT refunded to the owner`;
  return `${formatMoney(share)} USDT to ${assignee}, ${formatMoney(rest)} USDT back to the owner`;
}
