import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff view of the mail outbox: GET /admin/outbox (accounts issue). */
export const adminOutboxRoutes: FastifyPluginAsyncZod = async (_app) => {};
