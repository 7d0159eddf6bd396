import {
  adminDisputeDetailSchema,
  adminDisputeSchema,
  adminDisputesQuery,
  errorBodySchema,
  idParams,
  okSchema,
  resolveDisputeBody,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { getDispute, listDisputes } from '../tasks';
import { resolveDispute } from '../tasks';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Staff read and resolve disputes (DESIGN §8). */
export const adminDisputesRoutes: FastifyPluginAsyncZod = async (app) => {
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
