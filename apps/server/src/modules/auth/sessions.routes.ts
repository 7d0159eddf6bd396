import { idSchema, okSchema, revokeOthersResponse, sessionListSchema } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { clearSessionCookie } from './session-cookie';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.service';

/** The caller's sessions (DESIGN §14): list, sign one out, sign out all others. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];

  app.get(
    '/user/sessions',
    {
      schema: {
        tags,
        summary: 'My signed-in sessions, this one marked `current`',
        response: { 200: sessionListSchema },
      },
      config: { auth: 'user' },
    },
    async (req) => listSessions(app.ctx, currentUser(req).id, req.sessionId),
  );

  app.delete(
    '/user/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign out one of my sessions (another user’s: 404); its token is refused at once',
        params: z.object({ id: idSchema }),
        response: { 200: okSchema },
      },
      config: { auth: 'user' },
    },
    async (req, reply) => {
      await revokeSession(app.ctx, currentUser(req).id, req.params.id);
      if (req.params.id === req.sessionId) clearSessionCookie(req, reply, app.ctx.config);
      return { ok: true as const };
    },
  );

  app.post(
    '/user/sessions/revoke-others',
    {
      schema: { tags, summary: 'Sign out every other session of mine', response: { 200: revokeOthersResponse } },
      config: { auth: 'user' },
    },
    async (req) => revokeOtherSessions(app.ctx, currentUser(req).id, req.sessionId as string),
  );
};
