import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Projects: create, list, search, details, settings, members (projects issue). */
export const projectsRoutes: FastifyPluginAsyncZod = async (_app) => {};
