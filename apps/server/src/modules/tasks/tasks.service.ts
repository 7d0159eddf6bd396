import {
  parseMoney,
  positionBefore,
  TASK_MSG,
  TASK_POSITION_START,
  type Activity,
  type createTaskBody,
  type MoveTaskBody,
  type Task,
  type TaskSummary,
  type updateTaskBody,
} from '@devmarket/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { activities, tasks } from '../../db/schema/index';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { holdTaskEscrow, payTaskEscrow } from '../ledger/escrow';
import { notifyTask } from '../notifications/notifications.causes';
import { assertMember, loadProjectAccess, projectMemberIds } from './task-access';
import { tasksRepo } from './tasks.repo';

type CreateInput = z.output<typeof createTaskBody>;
type UpdateInput = z.output<typeof updateTaskBody>;
type Actor = { id: string };

async function assertAssignee(exec: Executor, projectId: string, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  const members = await projectMemberIds(exec, projectId);
  if (!members.includes(assigneeId)) throw invalid({ assigneeID: TASK_MSG.assigneeNotMember });
}

/** Tells the team's open boards about a task change; called after commit. */
async function publishTask(ctx: AppContext, projectId: string, task: TaskSummary | null) {
  if (!task) return;
  try {
    const userIds = await projectMemberIds(ctx.db, projectId);
    await ctx.events.publish({ type: 'task', userIds, data: { projectID: projectId, task } });
  } catch (err) {
    ctx.log.warn({ err }, 'task event not published');
  }
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
    const access = await loadProjectAccess(tx, input.projectID, actor.id);
    assertMember(access);
    await assertAssignee(tx, access.projectId, input.assigneeID);
    const { number, key } = await tasksRepo.nextNumber(tx, access.projectId);
    const price = input.price ? parseMoney(input.price) : null;
    const [task] = await tx
      .insert(tasks)
      .values({
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
      })
      .returning({ id: tasks.id, identifier: tasks.identifier });
    if (input.assigneeID && price) {
      await holdTaskEscrow(tx, { taskId: task.id, ownerId: access.ownerId, amount: price });
    }
    if (input.assigneeID) await notifyTask(tx, 'task.assigned', task.id, actor.id);
    return { ...task, projectId: access.projectId };
  });
  await publishTask(ctx, created.projectId, await tasksRepo.findSummary(ctx.db, created.id));
  return { id: created.id, identifier: created.identifier };
}

/** PUT /tasks/{id}: members edit the terms while the task has no assignee; naming one moves it to ToDo. */
export async function updateTask(ctx: AppContext, actor: Actor, taskId: string, input: UpdateInput): Promise<Task> {
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await tasksRepo.lock(tx, taskId);
    if (!row) throw notFound('Task not found');
    const access = await loadProjectAccess(tx, row.project_id, actor.id);
    assertMember(access);
    if (row.assignee_id) throw conflict(TASK_MSG.termsLocked);
    await assertAssignee(tx, row.project_id, input.assigneeID);
    const patch: Partial<typeof tasks.$inferInsert> = {};
    if (input.summary !== undefined) patch.summary = input.summary;
    if (input.description !== undefined) patch.description = input.description;
    if (input.price !== undefined) patch.price = input.price === null ? null : parseMoney(input.price);
    if (input.dueDate !== undefined) patch.dueDate = input.dueDate === null ? null : new Date(input.dueDate);
    if (input.assigneeID) {
      patch.assigneeId = input.assigneeID;
      patch.stage = 'ToDo';
      patch.position = positionBefore(await tasksRepo.firstPosition(tx, row.project_id, ['ToDo', 'Unassigned']));
    }
    if (Object.keys(patch).length > 0) await tx.update(tasks).set(patch).where(eq(tasks.id, taskId));
    const price = patch.price !== undefined ? patch.price : row.price === null ? null : BigInt(row.price);
    if (input.assigneeID && price) {
      await holdTaskEscrow(tx, { taskId, ownerId: access.ownerId, amount: price });
    }
    if (input.assigneeID) await notifyTask(tx, 'task.assigned', taskId, actor.id);
    return row.project_id;
  });
  await publishTask(ctx, projectId, await tasksRepo.findSummary(ctx.db, taskId));
  return getTask(ctx, actor, { id: taskId });
}

/**
 * POST /tasks/{id}/stage (DESIGN §4): members move between ToDo, In Progress and Review once the
 * task has an assignee; only the owner completes, which pays the assignee; Complete is final.
 */
export async function moveTask(ctx: AppContext, actor: Actor, taskId: string, { stage }: MoveTaskBody) {
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await tasksRepo.lock(tx, taskId);
    if (!row) throw notFound('Task not found');
    const access = await loadProjectAccess(tx, row.project_id, actor.id);
    assertMember(access);
    if (row.stage === 'Complete') throw conflict(TASK_MSG.completeIsFinal);
    if (stage === 'Complete' && !access.isOwner) throw forbidden(TASK_MSG.ownerCompletes);
    // An Unassigned task already sits in ToDo; leaving it needs an assignee.
    if (!row.assignee_id) {
      if (stage === 'ToDo') return row.project_id;
      throw conflict(TASK_MSG.needsAssignee);
    }
    if (row.stage === stage) return row.project_id;
    const column = stage === 'ToDo' ? ['ToDo', 'Unassigned'] : [stage];
    const position = positionBefore(await tasksRepo.firstPosition(tx, row.project_id, column));
    const completedAt = stage === 'Complete' ? new Date() : null;
    await tx.update(tasks).set({ stage, position, completedAt }).where(eq(tasks.id, taskId));
    if (stage === 'Review') await notifyTask(tx, 'task.review', taskId, actor.id);
    if (stage === 'Complete') {
      // Pays a held price once and bumps the spend and the developer's completed count with it.
      const paid = await payTaskEscrow(tx, { taskId, assigneeId: row.assignee_id, projectId: row.project_id });
      await notifyTask(tx, 'task.paid', taskId, actor.id);
      if (!paid) {
        await tx.execute(
          sql`update users set cached_tasks_completed = cached_tasks_completed + 1 where id = ${row.assignee_id}`,
        );
      }
      // Spec §2: the project's reviews count is its completed tasks.
      await tx.execute(
        sql`update projects set cached_total_reviews = cached_total_reviews + 1 where id = ${row.project_id}`,
      );
    }
    return row.project_id;
  });
  const task = await tasksRepo.findSummary(ctx.db, taskId);
  await publishTask(ctx, projectId, task);
  if (!task) throw notFound('Task not found');
  return task;
}

/** POST /tasks/{id}/activity: members comment. */
export async function addActivity(
  ctx: AppContext,
  actor: Actor & { firstName: string; lastName: string },
  taskId: string,
  text: string,
): Promise<Activity> {
  const task = await tasksRepo.findSummary(ctx.db, taskId);
  if (!task) throw notFound('Task not found');
  assertMember(await loadProjectAccess(ctx.db, task.projectID, actor.id));
  const [row] = await ctx.db.insert(activities).values({ taskId, userId: actor.id, text }).returning();
  return {
    id: row.id,
    taskID: taskId,
    userID: actor.id,
    name: `${actor.firstName} ${actor.lastName}`.trim(),
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who the actor is in the task's project (404 when the task is unknown or hidden). For the files module. */
export async function loadTaskAccess(ctx: AppContext, actor: Actor, taskId: string) {
  const task = await tasksRepo.findSummary(ctx.db, taskId);
  if (!task) throw notFound('Task not found');
  return { task, access: await loadProjectAccess(ctx.db, task.projectID, actor.id) };
}
