import {
  formatMoney,
  humanDuration,
  parseMoney,
  positionBefore,
  stageMoveRefusal,
  TASK_MSG,
  TASK_POSITION_START,
  taskPriceInput,
  type Activity,
  type createTaskBody,
  type MoveTaskBody,
  type Task,
  type TaskSummary,
  type updateTaskBody,
} from '@devmarket/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { holdTaskEscrow } from '../ledger';
import { assertMember, loadProjectAccess, type ProjectAccess, projectMemberIds } from './task-access';
import { announceTask, lockTaskForChange, publishAndRead, publishTask, scheduleAutoRelease } from './task-steps';
import { notifyTask } from '../notifications';
import { completeAndPay } from './task-payment.service';
import { tasksRepo } from './tasks.repo';

type CreateInput = z.output<typeof createTaskBody>;
type UpdateInput = z.output<typeof updateTaskBody>;
type Actor = { id: string };

async function assertAssignee(exec: Executor, projectId: string, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  const members = await projectMemberIds(exec, projectId);
  if (!members.includes(assigneeId)) throw invalid({ assigneeID: TASK_MSG.assigneeNotMember });
}

/** Funding rules of DESIGN §8 for a change that names an assignee for a priced task. */
function assertFundingAllowed(access: ProjectAccess, assigneeId: string | null | undefined, price: bigint | null) {
  if (!assigneeId || !price) return;
  if (!access.isOwner) throw forbidden(TASK_MSG.ownerFunds);
  if (assigneeId === access.ownerId) throw invalid({ assigneeID: TASK_MSG.ownerNotAssignee });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a raw (not yet validated) body sets a price: any value but null counts (DESIGN §19). */
function setsPrice(body: Record<string, unknown>): boolean {
  if (!('price' in body)) return false;
  const parsed = taskPriceInput.safeParse(body.price);
  return parsed.success ? parsed.data !== null : true;
}

/**
 * DESIGN §8: who may fund is checked before the values are validated, so a member's attempt to
 * assign a priced task or to price an assigned one is a 403 whatever else the body holds. Runs on
 * the raw body of POST /tasks and PUT /tasks/{id}; the service checks again under its locks.
 */
export async function assertMayFund(
  ctx: AppContext,
  actor: Actor,
  target: { taskId: string } | { projectId: string },
  rawBody: unknown,
): Promise<void> {
  if (!rawBody || typeof rawBody !== 'object') return;
  const body = rawBody as Record<string, unknown>;
  const id = 'taskId' in target ? target.taskId : target.projectId;
  const names = typeof body.assigneeID === 'string' && body.assigneeID !== '';
  const prices = setsPrice(body);
  if ((!names && !prices) || typeof id !== 'string' || !UUID.test(id)) return;
  const view = await tasksRepo.fundingView(ctx.db, target, actor.id);
  // Unknown tasks and outsiders get their 404 or 403 from the handler itself.
  if (!view || view.ownerId === actor.id || !view.isMember) return;
  const priced = prices || (!('price' in body) && view.price !== null);
  if ((names && priced) || (prices && view.assigneeId)) throw forbidden(TASK_MSG.ownerFunds);
}

/** Holds the price (when there is one) and records the assignment in the task's history. */
async function recordAssignment(
  tx: Tx,
  input: { taskId: string; actorId: string; ownerId: string; assigneeId: string; price: bigint | null },
) {
  const name = await tasksRepo.personName(tx, input.assigneeId);
  if (input.price) {
    await holdTaskEscrow(tx, { taskId: input.taskId, ownerId: input.ownerId, amount: input.price });
  }
  const held = input.price ? `; ${formatMoney(input.price)} USDT held in escrow` : '';
  await tasksRepo.addActivity(tx, {
    taskId: input.taskId,
    userId: input.actorId,
    kind: 'system',
    text: `Assigned to ${name}${held}`,
  });
}

export async function listProjectTasks(ctx: AppContext, actor: Actor, projectId: string): Promise<TaskSummary[]> {
  await loadProjectAccess(ctx.db, projectId, actor.id);
  return tasksRepo.listByProject(ctx.db, projectId);
}

/** GET /tasks/{id} and /tasks/identifier/{identifier}: readable by members and, for public projects, by signed-in users. */
export async function getTask(
  ctx: AppContext,
  actor: Actor,
  where: { id: string } | { identifier: string },
): Promise<Task> {
  const detail = await tasksRepo.findDetail(ctx.db, where);
  if (!detail) throw notFound('Task not found');
  await loadProjectAccess(ctx.db, detail.projectID, actor.id);
  const [Files, Activities] = [await tasksRepo.files(ctx.db, detail.id), await tasksRepo.activities(ctx.db, detail.id)];
  return { ...detail, Files, Activities };
}

/** POST /tasks: members create; the identifier comes from the project's counter, so it is unique under concurrency. */
export async function createTask(ctx: AppContext, actor: Actor, input: CreateInput) {
  const created = await ctx.db.transaction(async (tx) => {
    if (!(await tasksRepo.lockProject(tx, input.projectID))) throw notFound('Project not found');
    const access = await loadProjectAccess(tx, input.projectID, actor.id);
    assertMember(access);
    const price = input.price ? parseMoney(input.price) : null;
    assertFundingAllowed(access, input.assigneeID, price);
    await assertAssignee(tx, access.projectId, input.assigneeID);
    const { number, key } = await tasksRepo.nextNumber(tx, access.projectId);
    const task = await tasksRepo.insert(tx, {
      projectId: access.projectId,
      number,
      identifier: `${key}-${number}`,
      summary: input.summary,
      description: input.description ?? '',
      reporterId: actor.id,
      assigneeId: input.assigneeID ?? null,
      price,
      dueDate: input.dueDate ? new Date(input.dueDate) : null,
      stage: input.assigneeID ? 'ToDo' : 'Unassigned',
      position: TASK_POSITION_START,
    });
    if (input.assigneeID) {
      await recordAssignment(tx, {
        taskId: task.id,
        actorId: actor.id,
        ownerId: access.ownerId,
        assigneeId: input.assigneeID,
        price,
      });
    }
    if (input.assigneeID) await notifyTask(tx, 'task.assigned', task.id, actor.id);
    await announceTask(tx, access.projectId, 'task.created', task.id, ctx.now());
    return { ...task, projectId: access.projectId };
  });
  await publishTask(ctx, created.projectId, await tasksRepo.findSummary(ctx.db, created.id));
  return { id: created.id, identifier: created.identifier };
}

/**
 * PUT /tasks/{id}: members edit the terms while the task has no assignee; naming one moves it to
 * ToDo. Funding (assigning a priced task, pricing an assigned one) is the owner's act (DESIGN §8),
 * checked before anything else, so a member's attempt is a 403 whatever the rest of the body holds.
 */
export async function updateTask(ctx: AppContext, actor: Actor, taskId: string, input: UpdateInput): Promise<Task> {
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await lockTaskForChange(tx, taskId);
    const access = await loadProjectAccess(tx, row.project_id, actor.id);
    assertMember(access);
    const price =
      input.price !== undefined
        ? input.price === null
          ? null
          : parseMoney(input.price)
        : row.price === null
          ? null
          : BigInt(row.price);
    if (!access.isOwner && input.price && row.assignee_id) throw forbidden(TASK_MSG.ownerFunds);
    assertFundingAllowed(access, input.assigneeID, price);
    if (row.assignee_id) throw conflict(TASK_MSG.termsLocked);
    await assertAssignee(tx, row.project_id, input.assigneeID);
    const patch: Parameters<typeof tasksRepo.update>[2] = {};
    if (input.summary !== undefined) patch.summary = input.summary;
    if (input.description !== undefined) patch.description = input.description;
    if (input.price !== undefined) patch.price = price;
    if (input.dueDate !== undefined) patch.dueDate = input.dueDate === null ? null : new Date(input.dueDate);
    if (input.assigneeID) {
      patch.assigneeId = input.assigneeID;
      patch.stage = 'ToDo';
      patch.position = positionBefore(await tasksRepo.firstPosition(tx, row.project_id, ['ToDo', 'Unassigned']));
    }
    await tasksRepo.update(tx, taskId, patch);
    if (input.assigneeID) {
      await recordAssignment(tx, {
        taskId,
        actorId: actor.id,
        ownerId: access.ownerId,
        assigneeId: input.assigneeID,
        price,
      });
    }
    if (input.assigneeID) await notifyTask(tx, 'task.assigned', taskId, actor.id);
    await announceTask(tx, row.project_id, 'task.updated', taskId, ctx.now());
    return row.project_id;
  });
  await publishTask(ctx, projectId, await tasksRepo.findSummary(ctx.db, taskId));
  return getTask(ctx, actor, { id: taskId });
}

/**
 * POST /tasks/{id}/stage (DESIGN §4, §8): members move between ToDo, In Progress and Review once
 * the task has an assignee; only the owner completes, which pays the assignee; Complete is final;
 * a task in dispute does not move. Entering Review starts the review window of a priced task.
 */
export async function moveTask(ctx: AppContext, actor: Actor, taskId: string, { stage }: MoveTaskBody) {
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await lockTaskForChange(tx, taskId);
    const access = await loadProjectAccess(tx, row.project_id, actor.id);
    assertMember(access);
    // A Complete task answers "final" before "in dispute"; the board shows the same refusals.
    if (row.open_dispute_id && row.stage !== 'Complete') throw conflict(TASK_MSG.inDispute);
    const refusal = stageMoveRefusal({ stage: row.stage, assigneeID: row.assignee_id }, stage, access.isOwner);
    if (refusal) throw refusal === TASK_MSG.ownerCompletes ? forbidden(refusal) : conflict(refusal);
    // An Unassigned task already sits in ToDo: moving it there changes nothing.
    if (!row.assignee_id) return row.project_id;
    if (row.stage === stage) return row.project_id;
    if (stage === 'Complete') {
      await completeAndPay(tx, row, actor.id, 'owner', ctx.now());
      await announceTask(tx, row.project_id, 'task.stage_changed', taskId, ctx.now());
      return row.project_id;
    }
    const column = stage === 'ToDo' ? ['ToDo', 'Unassigned'] : [stage];
    const position = positionBefore(await tasksRepo.firstPosition(tx, row.project_id, column));
    const reviewDeadline = stage === 'Review' && row.price !== null ? reviewDeadlineFrom(ctx) : null;
    await tasksRepo.setStage(tx, taskId, { stage, position, reviewDeadline });
    // task.review goes to the owner, and nobody is told of their own act (notifications' notify):
    // an owner's own move would read the task and their name for nothing (issue 33). The owner
    // cannot change meanwhile: the project row is locked.
    if (stage === 'Review' && !access.isOwner) await notifyTask(tx, 'task.review', taskId, actor.id);
    await announceTask(tx, row.project_id, 'task.stage_changed', taskId, ctx.now());
    if (reviewDeadline) {
      await scheduleAutoRelease(tx, { taskId, deadline: reviewDeadline, now: ctx.now() });
      await tasksRepo.addActivity(tx, {
        taskId,
        userId: actor.id,
        kind: 'system',
        text: `Moved to Review: the owner has ${humanDuration(ctx.config.reviewWindowDays * 86_400_000)} to complete it or request changes, then it is paid automatically`,
      });
    }
    return row.project_id;
  });
  return publishAndRead(ctx, projectId, taskId);
}

const reviewDeadlineFrom = (ctx: AppContext) =>
  new Date(ctx.now().getTime() + ctx.config.reviewWindowDays * 86_400_000);

/** POST /tasks/{id}/activity: members comment. */
export async function addActivity(ctx: AppContext, actor: Actor, taskId: string, text: string): Promise<Activity> {
  const task = await tasksRepo.findSummary(ctx.db, taskId);
  if (!task) throw notFound('Task not found');
  assertMember(await loadProjectAccess(ctx.db, task.projectID, actor.id));
  return tasksRepo.addActivity(ctx.db, { taskId, userId: actor.id, text });
}

/** Who the actor is in the task's project (404 when the task is unknown or hidden). For the files module. */
export async function loadTaskAccess(ctx: AppContext, actor: Actor, taskId: string) {
  const task = await tasksRepo.findSummary(ctx.db, taskId);
  if (!task) throw notFound('Task not found');
  return { task, access: await loadProjectAccess(ctx.db, task.projectID, actor.id) };
}

/**
 * For the projects module: locks the project first (DESIGN §8 lock order), so no task of it is
 * assigned or funded while the caller decides, and tells which open tasks a member is assigned to.
 */
export async function lockProjectTasks(tx: Tx, projectId: string) {
  return Boolean(await tasksRepo.lockProject(tx, projectId));
}
export const openAssignments = (exec: Executor, projectId: string, userId: string) =>
  tasksRepo.openAssignments(exec, projectId, userId);
