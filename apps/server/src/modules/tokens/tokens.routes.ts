import { apiTokenSchema, createApiTokenBody, createdApiTokenSchema, idParams, okSchema } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.service';

/**
 * The caller behind `auth: 'user'` (read here rather than through plugins/auth, which imports this
 * module: no import cycle).
 */
const caller = (req: { user: { id: string } | null }) => req.user as { id: string };

/** DESIGN §16: the signed-in user's personal access tokens (never reachable with a token). */
export const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tokens'];

  app.post(
    '/user/tokens',
    {
      schema: {
        tags,
        summary: 'Create a personal access token; the token is in this answer only',
        body: createApiTokenBody,
        response: { 200: createdApiTokenSchema },
      },
      config: { auth: 'user' },
    },
    async (req) => createApiToken(app.ctx, caller(req), req.body),
  );

  app.get(
    '/user/tokens',
    {
      schema: {
        tags,
        summary: 'Your personal access tokens, without the tokens',
        response: { 200: z.array(apiTokenSchema) },
      },
      config: { auth: 'user' },
    },
    async (req) => listApiTokens(app.ctx, caller(req)),
  );

  app.delete(
    '/user/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a personal access token at once',
        params: idParams,
        response: { 200: okSchema },
      },
      config: { auth: 'user' },
    },
    async (req) => {
      await revokeApiToken(app.ctx, caller(req), req.params.id);
      return { ok: true as const };
    },
  );
};
