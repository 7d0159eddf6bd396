import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Task files: upload, download, delete (tasks issue). */
export const filesRoutes: FastifyPluginAsyncZod = async (_app) => {};
