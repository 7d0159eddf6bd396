import { ACCESS_COOKIE } from '@devmarket/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema/index';
import { AppError } from '../lib/errors';
import { type SessionUser, sessionsRepo } from '../modules/auth';
import { isFileLinkToken } from '../modules/files';
import { isVerified } from '../modules/users';
import { authenticateApiToken, isApiToken, refusesTokens, scopeAllows, TOKEN_MSG } from '../modules/tokens';
import { assertSameOriginWrite } from './csrf';

/**
 * The caller, as the session lookup of every request reads them: id, type, staff flag, e-mail
 * verification, review status and name. A route that needs the rest of the account row declares
 * `config: { fullUser: true }` and reads it with `currentFullUser` (docs/performance.md).
 */
export type AuthUser = SessionUser;

/**
 * Who may call a route, declared in its options (`config: { auth: 'verified' }`) and checked by
 * the one `onRequest` hook below, so 401/403 always come before validation (422):
 *   'none'     public, the route never reads the caller (no session lookup);
 *   'optional' public, `req.user` is set when a valid token comes along (e.g. private projects);
 *   'user'     any signed-in account, verified or not (onboarding, the account);
 *   'verified' a verified account (DESIGN §4), see `isVerified`;
 *   'staff'    staff accounts only.
 */
export const AUTH_REQUIREMENTS = ['none', 'optional', 'user', 'verified', 'staff'] as const;
export type AuthRequirement = (typeof AUTH_REQUIREMENTS)[number];

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
    /** Set when the caller authenticated with a personal access token (DESIGN §16), not a session. */
    apiToken: { id: string; scope: 'read' | 'write' } | null;
    /** The token of the current session (to answer it back where a route must, e.g. a password change). */
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
  interface FastifyInstance {
    /** Every API route's declared requirement, by `METHOD /url` (read by the security tests). */
    routeAuth: Map<string, AuthRequirement>;
  }
}

/** Routes of the API scope must say who may call them; a route without it does not start. */
const API_PREFIX = '/api/v1/';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes `?token=` (the event stream and file downloads only, DESIGN §9). */
    tokenInQuery?: boolean;
    /**
     * The route reads the caller's whole account row (`currentFullUser`): its session lookup
     * selects every column instead of the few of AuthUser. Same session conditions either way.
     */
    fullUser?: boolean;
  }
}

export const TOKEN_IN_URL_MSG = 'Send the access token in the Authorization header, not in the address';

/**
 * The bearer header is the API's credential, the AccessToken cookie the browser's. `?token=` is
 * refused (401) on every route but the event stream and downloads: a token in an address ends up
 * in logs, histories and Referer headers. A download link (`dl.…`) is checked by its route.
 */
function readToken(req: FastifyRequest): { token: string; from: 'bearer' | 'query' | 'cookie' } | null {
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  if (q !== undefined && !req.routeOptions.config?.tokenInQuery)
    throw new AppError('UNAUTHENTICATED', TOKEN_IN_URL_MSG);
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    return token ? { token, from: 'bearer' } : null;
  }
  if (typeof q === 'string' && q) return isFileLinkToken(q) ? null : { token: q, from: 'query' };
  const cookie = req.cookies?.[ACCESS_COOKIE];
  return cookie ? { token: cookie, from: 'cookie' } : null;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('apiToken', null);
    app.decorateRequest('sessionToken', null);
    app.decorate('routeAuth', new Map<string, AuthRequirement>());
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX)) return;
      const need = route.config?.auth;
      if (!need || !AUTH_REQUIREMENTS.includes(need)) {
        throw new Error(
          `${route.method} ${route.url}: declare who may call it, e.g. config: { auth: 'verified' } (plugins/auth.ts)`,
        );
      }
      for (const method of [route.method].flat()) app.routeAuth.set(`${method} ${route.url}`, need);
    });
    // Every authenticated request runs one session lookup (modules/auth/sessions.repo.ts): the
    // few columns of AuthUser, prepared by name, unless the route declares `fullUser`.
    const db = app.db;
    app.addHook('onRequest', async (req) => {
      if (!req.url.startsWith('/api/')) return;
      const config = req.routeOptions.config;
      const need = config?.auth;
      // A personal access token (DESIGN §16) comes in the Authorization header only, and is judged
      // by its own rules (authenticateWithApiToken below); never as a session.
      const apiToken = bearerApiToken(req);
      if (apiToken) return authenticateWithApiToken(req, apiToken, app);
      if (need === 'none') return;
      const found = readToken(req);
      if (found && found.token.length <= 200) {
        // A cookie rides along with any request a browser makes, also one another site starts:
        // a write it authenticates must come from our own pages (DESIGN §14, plugins/csrf.ts).
        if (found.from === 'cookie') assertSameOriginWrite(req, app.ctx.config.appOrigin);
        const { token } = found;
        const now = app.ctx.now();
        const row = config?.fullUser
          ? await sessionsRepo.lookupFull(db, token, now)
          : await sessionsRepo.lookup(db, token, now);
        if (row) {
          req.user = row.user;
          req.sessionId = row.sessionId;
          req.sessionToken = token;
          // Sessions list "last seen" (DESIGN §14): one cheap write a minute per session at most.
          const now = app.ctx.now();
          if (now.getTime() - row.lastSeenAt.getTime() >= 60_000) await sessionsRepo.touch(db, row.sessionId, now);
        }
      }
      if (need) assertRequirement(need, req.user);
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** The bearer header's token when it is a personal access token (`dm_pat_…`). */
function bearerApiToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return isApiToken(token) ? token : null;
}

/**
 * DESIGN §16, in this order: a route that refuses tokens (money, security, staff: the declarative
 * list of modules/tokens/token-policy.ts) is 403 for any token; then the token must be live (401:
 * unknown, revoked, expired); then its scope must allow the method (403). Public routes that take
 * no caller ignore it.
 */
async function authenticateWithApiToken(req: FastifyRequest, token: string, app: FastifyInstance): Promise<void> {
  const route = req.routeOptions.url;
  // No such route (the 404 handler answers), or not one of the API's (the reference UI).
  if (!route?.startsWith(API_PREFIX)) return;
  const config = req.routeOptions.config;
  if (refusesTokens(route.slice(API_PREFIX.length - 1), config)) throw new AppError('FORBIDDEN', TOKEN_MSG.forbidden);
  if (config?.auth === 'none') return;
  const found = await authenticateApiToken(app.ctx, token);
  if (!scopeAllows(found.scope, req.method)) throw new AppError('FORBIDDEN', TOKEN_MSG.readOnly);
  req.user = found.user;
  req.apiToken = { id: found.tokenId, scope: found.scope };
  if (config?.auth) assertRequirement(config.auth, req.user);
}

/** 401 without a valid token, 403 when the account may not do it (also for routes that find their caller late). */
export function assertRequirement(need: AuthRequirement, user: AuthUser | null): void {
  if (need === 'none' || need === 'optional') return;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  if (need === 'verified' && !isVerified(user)) throw new AppError('FORBIDDEN', 'Your account is not verified yet');
  if (need === 'staff' && !user.isStaff) throw new AppError('FORBIDDEN', 'Staff only');
}

/** The signed-in user; call only behind a guard. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  return req.user;
}

/** The signed-in user's whole account row; only on routes that declare `config: { fullUser: true }`. */
export function currentFullUser(req: FastifyRequest): UserRow {
  const user = fullUserOrNull(req);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  return user;
}

/** The caller's whole account row, or null for a guest; only on routes that declare `fullUser`. */
export function fullUserOrNull(req: FastifyRequest): UserRow | null {
  if (!req.routeOptions.config?.fullUser) {
    throw new Error(`${req.method} ${req.routeOptions.url}: declare config: { fullUser: true } to read the whole user`);
  }
  return req.user as UserRow | null;
}
