import { auditListSchema, auditQuery, errorBodySchema } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from './audit.service';

/** Staff read the audit log (DESIGN §15). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Staff acts, newest first: ?before=<id>&limit=<≤100>, filtered by action and actorId',
        querystring: auditQuery,
        response: { 200: auditListSchema, 401: errorBodySchema, 403: errorBodySchema, 422: errorBodySchema },
      },
      config: { auth: 'staff' },
    },
    async (req) => listAudit(app.ctx, req.query),
  );
};
