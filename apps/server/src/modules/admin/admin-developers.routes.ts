import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff review of developers: GET /admin/developers, approve, reject (accounts issue). */
export const adminDevelopersRoutes: FastifyPluginAsyncZod = async (_app) => {};
