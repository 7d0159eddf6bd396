import {
  ACCESS_COOKIE,
  ACCESS_TOKEN_DAYS,
  accessTokenResponse,
  loginBody,
  okSchema,
  signUpBody,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rate-limit';
import * as auth from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];

  app.post(
    '/auth/sign-up',
    {
      schema: { tags, summary: 'Create an account', body: signUpBody, response: { 200: accessTokenResponse } },
      config: { rateLimit: authRateLimit(app) },
    },
    async (req) => auth.signUp(app.ctx, req.body),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        body: loginBody,
        response: { 200: accessTokenResponse },
      },
      config: { rateLimit: authRateLimit(app) },
    },
    async (req) => auth.login(app.ctx, req.body, req.ip),
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags, summary: 'Revoke the current access token', response: { 200: okSchema } },
      preHandler: requireUser,
    },
    async (req) => {
      if (req.sessionId) await auth.logout(app.ctx, req.sessionId);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/cookie',
    {
      schema: { tags, summary: 'Set the AccessToken cookie from the bearer token', response: { 200: okSchema } },
      preHandler: requireUser,
    },
    async (req, reply) => {
      const token = req.headers.authorization?.slice(7).trim();
      if (token) {
        reply.setCookie(ACCESS_COOKIE, token, {
          path: '/',
          sameSite: 'lax',
          secure: app.ctx.config.appUrl.startsWith('https://'),
          maxAge: ACCESS_TOKEN_DAYS * 86_400,
        });
      }
      return { ok: true as const };
    },
  );

  app.get(
    '/_authcheck',
    {
      schema: {
        tags,
        summary: '200 with a valid token, 401 without',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      preHandler: requireUser,
    },
    async () => ({ ok: true as const }),
  );
};
