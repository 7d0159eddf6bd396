import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/** Methods that change nothing, so a cookie may authenticate them from anywhere (SameSite=Lax). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MSG = 'This request did not come from this site';

/** The origin a header names (`Origin`, or the scheme, host and port of a `Referer`), or null. */
function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The request's own origin: its scheme (behind a trusted proxy, the forwarded one) and Host. */
function ownOrigin(req: FastifyRequest): string | null {
  const host = req.headers.host;
  return host ? originOf(`${req.protocol}://${host}`) : null;
}

/**
 * DESIGN §14: a write authenticated by the AccessToken cookie must say it comes from the app's
 * own origin, in `Origin` or (without one) in `Referer`: APP_URL's origin, or the request's own
 * when APP_URL is not set. Anything else, or neither header, is 403. Bearer requests never get
 * here (a site cannot make a browser send our bearer header).
 */
export function assertSameOriginWrite(req: FastifyRequest, appOrigin: string | null): void {
  if (SAFE_METHODS.has(req.method)) return;
  const expected = appOrigin ?? ownOrigin(req);
  const origin = req.headers.origin !== undefined ? originOf(req.headers.origin) : originOf(req.headers.referer);
  if (!expected || origin !== expected) throw new AppError('FORBIDDEN', CROSS_SITE_MSG);
}
