import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** Registered with global: false; routes opt in with `config: { rateLimit: … }`. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_req, ctx) =>
        new AppError('RATE_LIMITED', `Too many requests. Try again in ${ctx.after}.`, {
          retryAfterSeconds: Math.ceil(ctx.ttl / 1000),
        }),
    });
  },
  { name: 'rate-limit' },
);

/** Per client address on the auth endpoints (AUTH_IP_LIMIT_PER_MINUTE). */
export const authRateLimit = (app: FastifyInstance) => ({
  max: app.ctx.config.authIpLimitPerMinute,
  timeWindow: 60_000,
});
