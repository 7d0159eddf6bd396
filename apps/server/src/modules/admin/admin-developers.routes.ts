import {
  adminDeveloperListSchema,
  adminDeveloperSchema,
  adminDevelopersQuery,
  approveDeveloperBody,
  rejectDeveloperBody,
  userIdParams,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';

import { approveDeveloper, listDevelopers, rejectDeveloper } from './admin-accounts.service';

/** Staff review of developers: GET /admin/developers, approve, reject (DESIGN §4). */
export const adminDevelopersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/admin/developers',
    {
      schema: {
        tags,
        summary: 'Developers by review status (default pending), oldest submission first',
        querystring: adminDevelopersQuery,
        response: { 200: adminDeveloperListSchema },
      },
      config: { auth: 'staff' },
    },
    async (req) => listDevelopers(app.ctx, req.query.status, req.query.page),
  );

  app.post(
    '/admin/developers/:userId/approve',
    {
      schema: {
        tags,
        summary: 'Approve a developer after checking identity, skills and experience (recorded; mails them)',
        params: userIdParams,
        body: approveDeveloperBody,
        response: { 200: adminDeveloperSchema },
      },
      config: { auth: 'staff' },
    },
    async (req) => approveDeveloper(app.ctx, currentUser(req), req.params.userId, req.body),
  );

  app.post(
    '/admin/developers/:userId/reject',
    {
      schema: {
        tags,
        summary: 'Reject a developer with an optional reason (mails them)',
        params: userIdParams,
        body: rejectDeveloperBody,
        response: { 200: adminDeveloperSchema },
      },
      config: { auth: 'staff' },
    },
    async (req) => rejectDeveloper(app.ctx, currentUser(req), req.params.userId, req.body?.reason),
  );
};
