import { type AdminHealth, adminHealthSchema } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff: which pool serves reads and where files live (DESIGN §18, docs/operations.md "What to monitor"). */
export const adminHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/health',
    {
      schema: {
        tags: ['admin'],
        summary: 'Health detail: the read replica (state, lag, reads per pool, fallbacks) and the file store',
        response: { 200: adminHealthSchema },
      },
      config: { auth: 'staff' },
    },
    async (): Promise<AdminHealth> => {
      const { database, config } = app.ctx;
      return {
        database: { kind: database.kind, replica: database.replica?.metrics() ?? null },
        files: { store: config.s3 ? 's3' : 'disk' },
      };
    },
  );
};
