import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@devmarket/contract';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { createHub } from './hub';

/**
 * GET /api/v1/events: the server-sent-events stream of open browsers. The access token (bearer,
 * AccessToken cookie — what the web app uses — or `?token=` for other clients) is checked at connect, each event reaches only the users in
 * its audience, and revoked tokens are cut at the next heartbeat sweep.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = createHub(app.ctx);
  app.addHook('preClose', async () => hub.closeAll());

  app.get(
    '/events',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Event stream (text/event-stream): `data: {"type", "data"}` frames and `: ping` heartbeats',
        querystring: z.object({ token: text().max(200).optional() }),
      },
      config: { auth: 'user', tokenInQuery: true },
    },
    async (req, reply) => {
      const user = currentUser(req);
      if (hub.isFull) throw new AppError('RATE_LIMITED', 'Too many open event streams, retry later');
      reply.hijack();
      const res = reply.raw;
      req.raw.socket.setKeepAlive(true);
      req.raw.socket.setNoDelay(true);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // `retry` is the browser's own reconnect delay; the web client adds back-off on top.
      res.write('retry: 3000\n: connected\n\n');
      const stream = hub.add(user.id, req.sessionId, res);
      const close = () => hub.close(stream);
      res.on('close', close);
      res.on('error', close);
    },
  );
};
