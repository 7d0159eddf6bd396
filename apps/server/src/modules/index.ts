import { errorBodySchema } from '@devmarket/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unavailable } from '../lib/errors';
import { adminDevelopersRoutes } from './admin/admin-developers.routes';
import { adminHealthRoutes } from './admin/admin-health.routes';
import { adminHotWalletRoutes } from './admin/admin-hot-wallet.routes';
import { adminOutboxRoutes } from './admin/admin-outbox.routes';
import { adminProjectsRoutes } from './admin/admin-projects.routes';
import { adminTransactionsRoutes } from './admin/admin-transactions.routes';
import { auditRoutes } from './audit';
import { applicationsRoutes } from './applications/applications.routes';
import { authRoutes } from './auth/auth.routes';
import { twoFactorRoutes } from './auth/two-factor.routes';
import { withdrawalSafetyRoutes } from './payments/withdrawal-safety.routes';
import { sessionsRoutes } from './auth/sessions.routes';
import { filesRoutes } from './files/files.routes';
import { invitesRoutes } from './invites/invites.routes';
import { matchingRoutes } from './matching/index';
import { transactionsRoutes } from './payments/transactions.routes';
import { messagesRoutes } from './messages/messages.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { projectsRoutes } from './projects/projects.routes';
import { realtimeRoutes } from './realtime/realtime.routes';
import { reviewsRoutes } from './reviews/reviews.routes';
import { tasksRoutes } from './tasks/tasks.routes';
import { disputesRoutes } from './disputes/disputes.routes';
import { tokensRoutes } from './tokens';
import { webhooksRoutes } from './webhooks';
import { usersRoutes } from './users/users.routes';
import { solvencyRoutes } from './solvency';

/** Every domain module's routes, under /api/v1. */
export const registerModules: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability: 503 with Retry-After while the database is unreachable',
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema },
      },
      config: { auth: 'none' },
    },
    async () => {
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        throw unavailable();
      }
      return { status: 'ok' as const };
    },
  );
  for (const routes of [
    authRoutes,
    sessionsRoutes,
    usersRoutes,
    twoFactorRoutes,
    tokensRoutes,
    projectsRoutes,
    applicationsRoutes,
    invitesRoutes,
    matchingRoutes,
    tasksRoutes,
    disputesRoutes,
    webhooksRoutes,
    reviewsRoutes,
    filesRoutes,
    messagesRoutes,
    notificationsRoutes,
    dashboardRoutes,
    realtimeRoutes,
    transactionsRoutes,
    withdrawalSafetyRoutes,
    paymentsRoutes,
    adminDevelopersRoutes,
    adminOutboxRoutes,
    adminProjectsRoutes,
    adminTransactionsRoutes,
    adminHotWalletRoutes,
    adminHealthRoutes,
    auditRoutes,
    solvencyRoutes,
  ]) {
    await app.register(routes);
  }
};
