import { outboxListSchema, outboxQuery } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { listOutbox } from './admin-accounts.service';

/** Staff view of the mail outbox: GET /admin/outbox (newest first, paginated, optional `to`). */
export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every mail the product sent, newest first',
        querystring: outboxQuery,
        response: { 200: outboxListSchema },
      },
      config: { auth: 'staff' },
    },
    async (req) => listOutbox(app.ctx, req.query),
  );
};
