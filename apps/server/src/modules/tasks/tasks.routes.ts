import {
  activitySchema,
  createActivityBody,
  createTaskBody,
  createTaskResponse,
  errorBodySchema,
  idParams,
  moveTaskBody,
  taskListSchema,
  taskSchema,
  taskSummarySchema,
  updateTaskBody,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { addActivity, createTask, getTask, listProjectTasks, moveTask, updateTask } from './tasks.service';

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
        params: z.object({ identifier: z.string().regex(/^[A-Za-z0-9]{1,20}-\d{1,9}$/) }),
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
