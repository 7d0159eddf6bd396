import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRoutes } from './auth/auth.routes';
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
    },
    async () => {
      const { sql } = await import('drizzle-orm');
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
  await app.register(authRoutes);
  await app.register(usersRoutes);
};
