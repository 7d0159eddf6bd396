import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Applications: apply, has-applied, applicants, ignore (projects issue). */
export const applicationsRoutes: FastifyPluginAsyncZod = async (_app) => {};
