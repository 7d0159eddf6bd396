import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Threads and messages (messages issue). */
export const messagesRoutes: FastifyPluginAsyncZod = async (_app) => {};
