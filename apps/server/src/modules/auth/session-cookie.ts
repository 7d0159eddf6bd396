import { ACCESS_COOKIE, ACCESS_TOKEN_DAYS, SESSION_HINT_COOKIE } from '@devmarket/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { SessionMeta } from './sessions.repo';

/**
 * The browser's session (DESIGN §14): the AccessToken cookie is set and cleared by the server
 * only, `HttpOnly` (page script never sees it), `SameSite=Lax`, `Secure` over https. The web app
 * asks `GET /user` who is signed in.
 */
function cookieOptions(req: FastifyRequest, config: Pick<Config, 'appUrl'>) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: req.protocol === 'https' || config.appUrl.startsWith('https://'),
  };
}

export function setSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'appUrl'>,
  token: string,
): void {
  const options = { ...cookieOptions(req, config), maxAge: ACCESS_TOKEN_DAYS * 86_400 };
  reply.setCookie(ACCESS_COOKIE, token, options);
  // No secret: it tells the app there is a session worth asking GET /user about.
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...options, httpOnly: false });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'appUrl'>): void {
  reply.clearCookie(ACCESS_COOKIE, cookieOptions(req, config));
  reply.clearCookie(SESSION_HINT_COOKIE, { ...cookieOptions(req, config), httpOnly: false });
}

/** What a new session records of the browser: its User-Agent (at most 500 characters) and address. */
export function sessionMeta(req: FastifyRequest): SessionMeta {
  const ua = req.headers['user-agent'];
  return { userAgent: typeof ua === 'string' && ua ? ua.slice(0, 500) : null, ip: req.ip ?? null };
}
