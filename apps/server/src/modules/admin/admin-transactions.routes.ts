import {
  adminCompleteBody,
  adminTransactionSchema,
  adminTransactionsQuery,
  idParams,
  okSchema,
  parseMoney,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { listByStatus, staffComplete, staffFail } from '../payments';

/** Staff view and settle pending transactions (DESIGN §4 staff API). */
export const adminTransactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/admin/transactions',
    {
      schema: {
        tags,
        summary: 'Transactions by status (Pending by default)',
        querystring: adminTransactionsQuery,
        response: { 200: z.array(adminTransactionSchema) },
      },
      config: { auth: 'staff' },
    },
    async (req) => listByStatus(app.ctx, req.query.status),
  );

  app.post(
    '/admin/transactions/:id/complete',
    {
      schema: {
        tags,
        summary: 'Confirm a deposit with the amount received (USDT), or pay a withdrawal out now',
        params: idParams,
        body: adminCompleteBody,
        response: { 200: okSchema },
      },
      config: { auth: 'staff' },
    },
    async (req) => {
      const amount = req.body?.amount;
      await staffComplete(app.ctx, req.params.id, amount === undefined ? undefined : parseMoney(amount));
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/transactions/:id/fail',
    {
      schema: {
        tags,
        summary: 'Fail a pending transaction (a withdrawal’s hold is released)',
        params: idParams,
        response: { 200: okSchema },
      },
      config: { auth: 'staff' },
    },
    async (req) => {
      await staffFail(app.ctx, req.params.id);
      return { ok: true as const };
    },
  );
};
