import {
  activitySchema,
  createActivityBody,
  createTaskBody,
  createTaskResponse,
  errorBodySchema,
  idParams,
  moveTaskBody,
  reasonBody,
  taskListSchema,
  taskSchema,
  taskSummarySchema,
  updateTaskBody,
  text,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { requestChanges, unassignTask } from './task-escrow.service';
import {
  addActivity,
  assertMayFund,
  createTask,
  getTask,
  listProjectTasks,
  moveTask,
  updateTask,
} from './tasks.service';

const bodyField = (body: unknown, key: string) =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Tasks: create, read, update, stage moves, comments (spec §7 Tasks). */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tasks'];
  const auth = { config: { auth: 'verified' } } as const;

  app.get(
    '/project/:id/tasks',
    {
      schema: {
        tags,
        summary: "A project's tasks (board and list)",
        params: idParams,
        response: { 200: taskListSchema, ...errors },
      },
      ...auth,
    },
    async (req) => listProjectTasks(app.ctx, currentUser(req), req.params.id),
  );

  app.get(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: 'A task with files and comments',
        params: idParams,
        response: { 200: taskSchema, ...errors },
      },
      ...auth,
    },
    async (req) => getTask(app.ctx, currentUser(req), { id: req.params.id }),
  );

  app.get(
    '/tasks/identifier/:identifier',
    {
      schema: {
        tags,
        summary: 'A task by its identifier, e.g. ACME-12',
        params: z.object({ identifier: text().regex(/^[A-Za-z0-9]{1,20}-\d{1,9}$/) }),
        response: { 200: taskSchema, ...errors },
      },
      ...auth,
    },
    async (req) => getTask(app.ctx, currentUser(req), { identifier: req.params.identifier }),
  );

  app.post(
    '/tasks',
    {
      schema: {
        tags,
        summary: 'Create a task',
        body: createTaskBody,
        response: { 200: createTaskResponse, ...errors },
      },
      ...auth,
      // Authority before validation (DESIGN §8): a member's funding attempt is a 403 whatever the body.
      preValidation: async (req) =>
        assertMayFund(app.ctx, currentUser(req), { projectId: String(bodyField(req.body, 'projectID')) }, req.body),
    },
    async (req) => createTask(app.ctx, currentUser(req), req.body),
  );

  app.put(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: "Edit a task's terms (only while it has no assignee)",
        params: idParams,
        body: updateTaskBody,
        response: { 200: taskSchema, ...errors },
      },
      ...auth,
      preValidation: async (req) =>
        assertMayFund(app.ctx, currentUser(req), { taskId: (req.params as { id: string }).id }, req.body),
    },
    async (req) => updateTask(app.ctx, currentUser(req), req.params.id, req.body),
  );

  app.post(
    '/tasks/:id/stage',
    {
      schema: {
        tags,
        summary: 'Move a task on the board',
        params: idParams,
        body: moveTaskBody,
        response: { 200: taskSummarySchema, ...errors },
      },
      ...auth,
    },
    async (req) => moveTask(app.ctx, currentUser(req), req.params.id, req.body),
  );

  app.post(
    '/tasks/:id/unassign',
    {
      schema: {
        tags,
        summary: 'Owner: take the task back from its assignee; the hold returns to the owner',
        params: idParams,
        response: { 200: taskSchema, ...errors },
      },
      ...auth,
    },
    async (req) => unassignTask(app.ctx, currentUser(req), req.params.id),
  );

  app.post(
    '/tasks/:id/request-changes',
    {
      schema: {
        tags,
        summary: 'Owner: send a task in Review back to In Progress with a reason',
        params: idParams,
        body: reasonBody,
        response: { 200: taskSchema, ...errors },
      },
      ...auth,
    },
    async (req) => requestChanges(app.ctx, currentUser(req), req.params.id, req.body.reason),
  );

  app.post(
    '/tasks/:id/activity',
    {
      schema: {
        tags,
        summary: 'Comment on a task',
        params: idParams,
        body: createActivityBody,
        response: { 200: activitySchema, ...errors },
      },
      ...auth,
    },
    async (req) => addActivity(app.ctx, currentUser(req), req.params.id, req.body.text),
  );
};
