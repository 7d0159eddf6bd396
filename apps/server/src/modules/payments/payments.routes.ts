import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Payment provider webhooks (money issue). */
export const paymentsRoutes: FastifyPluginAsyncZod = async (_app) => {};
