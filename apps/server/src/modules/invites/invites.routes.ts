import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Invites: invite/add, list, delete, accept, has-invite (projects issue). */
export const invitesRoutes: FastifyPluginAsyncZod = async (_app) => {};
