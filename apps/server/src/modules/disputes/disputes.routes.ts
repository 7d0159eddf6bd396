import {
  adminDisputeDetailSchema,
  adminDisputeSchema,
  adminDisputesQuery,
  errorBodySchema,
  idParams,
  okSchema,
  reasonBody,
  resolveDisputeBody,
  taskSchema,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { getDispute, listDisputes, openDispute, resolveDispute } from './disputes.service';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Disputes (DESIGN §8): a task's owner or assignee opens one; staff read and resolve them. Paths unchanged. */
export const disputesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tasks/:id/dispute',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Owner or assignee: open a dispute; the hold is frozen until staff resolve it',
        params: idParams,
        body: reasonBody,
        response: { 200: taskSchema, ...errors },
      },
      config: { auth: 'verified' },
    },
    async (req) => openDispute(app.ctx, currentUser(req), req.params.id, req.body.reason),
  );

  const tags = ['admin'];

  app.get(
    '/admin/disputes',
    {
      schema: {
        tags,
        summary: 'Disputes by status (Open by default)',
        querystring: adminDisputesQuery,
        response: { 200: z.array(adminDisputeSchema), ...errors },
      },
      config: { auth: 'staff' },
    },
    async (req) => listDisputes(app.ctx, req.query.status),
  );

  app.get(
    '/admin/disputes/:id',
    {
      schema: {
        tags,
        summary: "A dispute with the task's comments and files and the parties' messages",
        params: idParams,
        response: { 200: adminDisputeDetailSchema, ...errors },
      },
      config: { auth: 'staff' },
    },
    async (req) => getDispute(app.ctx, req.params.id),
  );

  app.post(
    '/admin/disputes/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve: release to the assignee, refund the owner, or split (amount = the assignee’s share)',
        params: idParams,
        body: resolveDisputeBody,
        response: { 200: okSchema, ...errors },
      },
      config: { auth: 'staff' },
    },
    async (req) => {
      await resolveDispute(app.ctx, currentUser(req), req.params.id, req.body);
      return { ok: true as const };
    },
  );
};
