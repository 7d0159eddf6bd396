import type { Session } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { sessionsRepo } from './sessions.repo';

export const SESSION_NOT_FOUND = 'Session not found';

/** GET /user/sessions: the caller's live sessions, last used first, this one marked `current`. */
export async function listSessions(ctx: AppContext, userId: string, currentId: string | null): Promise<Session[]> {
  const rows = await sessionsRepo.listLive(ctx.db, userId, ctx.now());
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    userAgent: r.userAgent,
    ip: r.ip,
    current: r.id === currentId,
  }));
}

/**
 * DELETE /user/sessions/{id}: ends one of the caller's sessions (their current one too: that is a
 * sign-out). Another user's session, or one already ended, is 404. The next request with its token
 * is refused on every instance: each request looks its session up in the database.
 */
export async function revokeSession(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  if (!(await sessionsRepo.revokeOwn(ctx.db, userId, sessionId, ctx.now()))) throw notFound(SESSION_NOT_FOUND);
}

/** POST /user/sessions/revoke-others: ends every session of the caller but this one. */
export async function revokeOtherSessions(
  ctx: AppContext,
  userId: string,
  currentId: string,
): Promise<{ revoked: number }> {
  return { revoked: await sessionsRepo.revokeOthers(ctx.db, userId, currentId, ctx.now()) };
}
