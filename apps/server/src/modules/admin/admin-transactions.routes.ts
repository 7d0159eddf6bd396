import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff view and settle pending transactions (money issue). */
export const adminTransactionsRoutes: FastifyPluginAsyncZod = async (_app) => {};
