import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** DESIGN §18: this route only reads (a listing, a search, a public profile, reviews) and may use the replica. */
    reads?: 'replica';
  }
}

/** The cookie that keeps a browser on the primary for a moment after it wrote (any instance). */
export const FRESH_WRITE_COOKIE = 'dm_fresh';
/** How long after a write a person reads from the primary: longer than any lag the replica is allowed. */
export const READ_YOUR_WRITES_SECONDS = 15;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An API client's credential, hashed: public listings do not authenticate, so the mark of a
 * recent writer is kept by the bearer token it sends, not by user id.
 */
function bearerKey(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? createHash('sha256').update(header).digest('base64url') : null;
}

/**
 * Read-your-writes with a replica (DESIGN §18): a request that changed something marks its sender
 * with a short cookie (browsers, whichever instance they reach next) and, on this instance, by
 * its bearer token (API clients without cookies); their reads go to the primary until it expires.
 * Without a replica this does nothing.
 */
export const readRoutingPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.ctx.database.replica) return;
    const recentWriters = new Map<string, number>();
    app.decorate('recentWriters', recentWriters);
    app.addHook('onSend', async (req, reply) => {
      if (!WRITE_METHODS.has(req.method) || reply.statusCode >= 400 || req.routeOptions.config.reads) return;
      reply.header(
        'set-cookie',
        `${FRESH_WRITE_COOKIE}=1; Max-Age=${READ_YOUR_WRITES_SECONDS}; Path=/; HttpOnly; SameSite=Lax`,
      );
      const key = bearerKey(req);
      if (key) recentWriters.set(key, app.ctx.now().getTime() + READ_YOUR_WRITES_SECONDS * 1000);
      // Forget expired marks now and then, so the map stays as small as the set of recent writers.
      if (recentWriters.size > 10_000) {
        const now = app.ctx.now().getTime();
        for (const [id, until] of recentWriters) if (until < now) recentWriters.delete(id);
      }
    });
  },
  { name: 'read-routing', dependencies: ['database'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    recentWriters?: Map<string, number>;
  }
}

/**
 * The context a replica-eligible route reads with: the replica's database, unless this person
 * wrote a moment ago (then the primary, so they see their own write at once).
 */
export function readContext(req: FastifyRequest): AppContext {
  const { ctx } = req.server;
  const replica = ctx.database.replica;
  if (!replica) return ctx;
  const key = req.server.recentWriters?.size ? bearerKey(req) : null;
  const until = key ? req.server.recentWriters?.get(key) : undefined;
  if (req.cookies?.[FRESH_WRITE_COOKIE] || (until !== undefined && until > ctx.now().getTime())) {
    replica.countPrimaryRead();
    return ctx;
  }
  return { ...ctx, db: replica.db };
}
