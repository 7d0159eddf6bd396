import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Balance, deposits, withdrawals, transaction history (money issue). */
export const transactionsRoutes: FastifyPluginAsyncZod = async (_app) => {};
