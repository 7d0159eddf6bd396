import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Tasks: create, read, update, stage moves, comments (tasks issue). */
export const tasksRoutes: FastifyPluginAsyncZod = async (_app) => {};
