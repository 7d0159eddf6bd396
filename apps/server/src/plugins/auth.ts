import { ACCESS_COOKIE } from '@devmarket/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, type UserRow, userColumns, users } from '../db/schema/index';
import { AppError } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { isFileLinkToken } from '../modules/files/file-links';

export type AuthUser = UserRow;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
  }
}

/** DESIGN §4: a client is verified by e-mail; a developer also needs staff approval. */
export function isVerified(u: Pick<AuthUser, 'emailVerifiedAt' | 'type' | 'reviewStatus' | 'isStaff'>): boolean {
  if (u.isStaff) return true;
  if (!u.emailVerifiedAt) return false;
  return u.type === 'Client' || u.reviewStatus === 'approved';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes `?token=` (the event stream and file downloads only, DESIGN §9). */
    tokenInQuery?: boolean;
  }
}

export const TOKEN_IN_URL_MSG = 'Send the access token in the Authorization header, not in the address';

/**
 * The bearer header is the API's credential, the AccessToken cookie the browser's. `?token=` is
 * refused (401) on every route but the event stream and downloads: a token in an address ends up
 * in logs, histories and Referer headers. A download link (`dl.…`) is checked by its route.
 */
function readToken(req: FastifyRequest): string | null {
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  if (q !== undefined && !req.routeOptions.config?.tokenInQuery)
    throw new AppError('UNAUTHENTICATED', TOKEN_IN_URL_MSG);
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  if (typeof q === 'string' && q) return isFileLinkToken(q) ? null : q;
  const cookie = req.cookies?.[ACCESS_COOKIE];
  return cookie || null;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    // Built once and prepared by name: every authenticated request runs it, so drizzle does not
    // rebuild the SQL each time and PostgreSQL parses and plans it once per connection
    // (docs/performance.md).
    const lookup = app.db
      .select({ user: userColumns, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('hash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1)
      .prepare('auth_session_lookup');
    app.addHook('onRequest', async (req) => {
      if (!req.url.startsWith('/api/')) return;
      const token = readToken(req);
      if (!token || token.length > 200) return;
      const [row] = await lookup.execute({ hash: hashToken(token) });
      if (row) {
        req.user = row.user;
        req.sessionId = row.sessionId;
      }
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** preHandler guards: 401 without a valid token, 403 when the account may not do it. */
export async function requireUser(req: FastifyRequest): Promise<void> {
  if (!req.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
}

export async function requireVerified(req: FastifyRequest): Promise<void> {
  await requireUser(req);
  if (!isVerified(req.user as AuthUser)) {
    throw new AppError('FORBIDDEN', 'Your account is not verified yet');
  }
}

export async function requireStaff(req: FastifyRequest): Promise<void> {
  await requireUser(req);
  if (!req.user?.isStaff) throw new AppError('FORBIDDEN', 'Staff only');
}

/** The signed-in user; call only behind a guard. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  return req.user;
}
