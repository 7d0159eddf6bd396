import { FILE_LINK_SECONDS } from '@devmarket/contract';
import { hmac, safeEqual } from '../../lib/tokens';

/**
 * Short-lived, file-scoped download links (DESIGN §9): `dl.<userId>.<expiry>.<signature>`, an
 * HMAC over the task, the file, the user and the expiry with the server's secret. The session
 * token never goes into a URL; a leaked link opens one file for at most a minute.
 */
const PREFIX = 'dl.';

type Scope = { taskId: string; fileId: string };

const signature = (secret: string, scope: Scope, userId: string, expires: number) =>
  hmac(secret, `file-link|${scope.taskId}|${scope.fileId}|${userId}|${expires}`);

export const isFileLinkToken = (token: string) => token.startsWith(PREFIX);

export function signFileLink(secret: string, scope: Scope, userId: string, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + FILE_LINK_SECONDS;
  return `${PREFIX}${userId}.${expires}.${signature(secret, scope, userId, expires)}`;
}

/** The user a link was made for, or null when it is malformed, for another file, or expired. */
export function verifyFileLink(secret: string, token: string, scope: Scope, nowMs = Date.now()): string | null {
  if (!isFileLinkToken(token) || token.length > 200) return null;
  const [userId, expiresText, sig] = token.slice(PREFIX.length).split('.');
  const expires = Number(expiresText);
  if (!userId || !sig || !Number.isInteger(expires)) return null;
  if (!safeEqual(sig, signature(secret, scope, userId, expires))) return null;
  return Math.floor(nowMs / 1000) < expires ? userId : null;
}
