import { dashboardSchema, myApplicationListSchema } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { getDashboard, myApplications } from './dashboard.service';

/** The person's work: GET /dashboard (one request for the whole screen) and GET /applications/my. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { config: { auth: 'verified' as const } };
  app.get(
    '/dashboard',
    {
      ...auth,
      schema: {
        tags: ['dashboard'],
        summary:
          "The signed-in person's dashboard: a developer's tasks, invites, applications and earnings; a client's applicants, reviews and escrow",
        response: { 200: dashboardSchema },
      },
    },
    async (req) => getDashboard(app.ctx, currentUser(req)),
  );

  app.get(
    '/applications/my',
    {
      ...auth,
      schema: {
        tags: ['applications'],
        summary: 'My applications with their status, newest first',
        response: { 200: myApplicationListSchema },
      },
    },
    async (req) => myApplications(app.ctx, currentUser(req)),
  );
};
