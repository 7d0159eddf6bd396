import {
  balancePointSchema,
  balanceSchema,
  depositBody,
  depositResponse,
  holdListSchema,
  idParams,
  moneyConfigSchema,
  parseMoney,
  transactionDetailSchema,
  transactionSchema,
  transactionsQuery,
  withdrawBody,
  withdrawResponse,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentFullUser, currentUser } from '../../plugins/auth';
import { createDeposit } from './deposits.service';
import { balanceHistory, getBalance, getHolds, getTransaction, listTransactions } from './transactions.service';
import { cancelWithdrawal, createWithdrawal } from './withdrawals.service';

/** Balance, deposits, withdrawals, transaction history (spec §7 User and Transactions calls). */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['transactions'];

  app.get(
    '/user/balance',
    {
      schema: { tags, summary: 'Spendable and held balance (USDT)', response: { 200: balanceSchema } },
      config: { auth: 'user' },
    },
    async (req) => getBalance(app.ctx, currentUser(req).id),
  );

  app.get(
    '/user/holds',
    {
      schema: { tags, summary: "The caller's open escrow, one row per task", response: { 200: holdListSchema } },
      config: { auth: 'user' },
    },
    async (req) => getHolds(app.ctx, currentUser(req).id),
  );

  app.get(
    '/user/balance/history',
    {
      schema: {
        tags,
        summary: 'Available balance after each ledger entry, oldest first',
        response: { 200: z.array(balancePointSchema) },
      },
      config: { auth: 'user' },
    },
    async (req) => balanceHistory(app.ctx, currentUser(req).id),
  );

  app.post(
    '/user/deposit',
    {
      schema: { tags, summary: 'Start a deposit', body: depositBody, response: { 200: depositResponse } },
      config: { auth: 'verified' },
    },
    async (req) => ({ transactionID: await createDeposit(app.ctx, currentUser(req).id, req.body.currency) }),
  );

  app.post(
    '/user/withdraw',
    {
      schema: {
        tags,
        summary: 'Request a withdrawal (held now, paid when the pending window ends)',
        body: withdrawBody,
        response: { 200: withdrawResponse },
      },
      config: { auth: 'verified', fullUser: true },
    },
    async (req) => {
      const { currency, address, amount, password } = req.body;
      const id = await createWithdrawal(app.ctx, currentFullUser(req), {
        currency,
        address,
        amount: parseMoney(amount),
        password,
      });
      return { id };
    },
  );

  app.get(
    '/config/money',
    {
      schema: {
        tags,
        summary: 'Money settings the web app states to users (the pending window in hours)',
        response: { 200: moneyConfigSchema },
      },
      config: { auth: 'none' },
    },
    async () => ({ pendingHours: app.ctx.config.pendingHours }),
  );

  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s transactions, newest first (total in X-Total-Count)',
        querystring: transactionsQuery,
        response: { 200: z.array(transactionSchema) },
      },
      config: { auth: 'user' },
    },
    async (req, reply) => {
      const { items, total } = await listTransactions(app.ctx, currentUser(req).id, req.query.page, req.query.limit);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/transactions/:id',
    {
      schema: { tags, summary: 'One transaction', params: idParams, response: { 200: transactionDetailSchema } },
      config: { auth: 'user' },
    },
    async (req) => getTransaction(app.ctx, currentUser(req), req.params.id),
  );

  app.post(
    '/transactions/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel my pending withdrawal (its hold is released; 409 once it is no longer pending)',
        params: idParams,
        response: { 200: transactionDetailSchema },
      },
      config: { auth: 'user' },
    },
    async (req) => {
      const user = currentUser(req);
      await cancelWithdrawal(app.ctx, user.id, req.params.id);
      return getTransaction(app.ctx, user, req.params.id);
    },
  );
};
