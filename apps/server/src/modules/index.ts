import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDevelopersRoutes } from './admin/admin-developers.routes';
import { adminOutboxRoutes } from './admin/admin-outbox.routes';
import { adminProjectsRoutes } from './admin/admin-projects.routes';
import { adminTransactionsRoutes } from './admin/admin-transactions.routes';
import { applicationsRoutes } from './applications/applications.routes';
import { authRoutes } from './auth/auth.routes';
import { filesRoutes } from './files/files.routes';
import { invitesRoutes } from './invites/invites.routes';
import { transactionsRoutes } from './ledger/transactions.routes';
import { messagesRoutes } from './messages/messages.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { projectsRoutes } from './projects/projects.routes';
import { realtimeRoutes } from './realtime/realtime.routes';
import { tasksRoutes } from './tasks/tasks.routes';
import { usersRoutes } from './users/users.routes';

/** Every domain module's routes, under /api/v1. */
export const registerModules: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      config: { auth: 'none' },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
  for (const routes of [
    authRoutes,
    usersRoutes,
    projectsRoutes,
    applicationsRoutes,
    invitesRoutes,
    tasksRoutes,
    filesRoutes,
    messagesRoutes,
    realtimeRoutes,
    transactionsRoutes,
    paymentsRoutes,
    adminDevelopersRoutes,
    adminOutboxRoutes,
    adminProjectsRoutes,
    adminTransactionsRoutes,
  ]) {
    await app.register(routes);
  }
};
