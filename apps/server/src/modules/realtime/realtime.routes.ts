import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The event stream for open browsers (messages issue). */
export const realtimeRoutes: FastifyPluginAsyncZod = async (_app) => {};
