import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff verify/feature projects (projects issue). */
export const adminProjectsRoutes: FastifyPluginAsyncZod = async (_app) => {};
