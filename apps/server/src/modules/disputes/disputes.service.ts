import {
  type AdminDispute,
  type AdminDisputeDetail,
  type DisputeOutcome,
  formatMoney,
  parseMoney,
  positionBefore,
  TASK_MSG,
} from '@devmarket/contract';
import type { AppContext } from '../../context';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { appendAudit } from '../audit';
import { disputeDescription, releaseTaskEscrow, settleTaskEscrow } from '../ledger';
import { messagesBetween } from '../messages';
import { notifyDisputeResolved, notifyTask } from '../notifications';
import { assertMember, getTask, loadProjectAccess, lockTaskForChange, publishAndRead, tasksRepo } from '../tasks';
import { type DisputeListRow, disputesRepo } from './disputes.repo';

/** Disputes (DESIGN §8): opened by a task's owner or assignee, listed and resolved by staff. */

type Actor = { id: string };

const iso = (v: Date | string) => new Date(v).toISOString();

function toAdminDispute(d: DisputeListRow): AdminDispute {
  return {
    id: d.id,
    openedBy: d.opened_by,
    reason: d.reason,
    status: d.status,
    outcome: d.outcome,
    amount: d.amount === null ? null : formatMoney(d.amount),
    createdAt: iso(d.created_at),
    resolvedAt: d.resolved_at === null ? null : iso(d.resolved_at),
    taskID: d.task_id,
    identifier: d.identifier,
    summary: d.summary,
    price: d.price === null ? null : formatMoney(d.price),
    projectID: d.project_id,
    projectName: d.project_name,
    owner: d.owner,
    assignee: d.assignee,
  };
}

/** Staff: disputes of one status (DESIGN §8 `GET /admin/disputes`). */
export async function listDisputes(ctx: AppContext, status: 'Open' | 'Resolved'): Promise<AdminDispute[]> {
  return (await disputesRepo.list(ctx.db, { status })).map(toAdminDispute);
}

/** Staff: one dispute with the task's comments and files and the messages between the two parties. */
export async function getDispute(ctx: AppContext, id: string): Promise<AdminDisputeDetail> {
  const [row] = await disputesRepo.list(ctx.db, { id });
  if (!row) throw notFound('Dispute not found');
  const detail = await tasksRepo.findDetail(ctx.db, { id: row.task_id });
  if (!detail) throw notFound('Dispute not found');
  const [Files, Activities, messages] = [
    await tasksRepo.files(ctx.db, row.task_id),
    await tasksRepo.activities(ctx.db, row.task_id),
    await messagesBetween(ctx, row.owner.id, row.assignee.id),
  ];
  return { ...toAdminDispute(row), task: { ...detail, Files, Activities }, messages };
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
  const now = ctx.now();
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
        completedAt: now,
        reviewDeadline: null,
      });
      await settleTaskEscrow(tx, {
        taskId,
        assigneeId: dispute.assignee_id,
        projectId: row.project_id,
        share,
        description: disputeDescription(row),
        now,
      });
      await tasksRepo.countCompletion(tx, row.project_id);
    }
    await disputesRepo.resolve(tx, { id: disputeId, outcome: input.outcome, amount: share, resolvedBy: staff.id, now });
    await appendAudit(tx, {
      actor: staff,
      action: 'dispute.resolve',
      target: { type: 'dispute', id: disputeId },
      detail: { taskId, outcome: input.outcome, amount: formatMoney(share) },
    });
    await tasksRepo.addActivity(tx, {
      taskId,
      userId: null,
      kind: 'system',
      text: `Dispute resolved by staff: ${resolutionText(input.outcome, share, price - share, assignee)}`,
    });
    const ownerId = await tasksRepo.projectOwnerId(tx, row.project_id);
    await notifyDisputeResolved(tx, {
      taskId,
      staffId: staff.id,
      ownerId: ownerId ?? '',
      assigneeId: dispute.assignee_id,
      outcome: input.outcome,
      share,
      rest: price - share,
    });
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
