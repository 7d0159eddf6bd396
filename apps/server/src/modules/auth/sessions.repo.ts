import { ACCESS_TOKEN_DAYS } from '@devmarket/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { hashToken, newToken } from '../../lib/tokens';

export const sessionsRepo = {
  /** Creates a session and returns the only copy of its token. */
  async create(exec: Executor, userId: string): Promise<string> {
    const token = newToken();
    await exec.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ACCESS_TOKEN_DAYS * 86_400_000),
    });
    return token;
  },
  async revoke(exec: Executor, sessionId: string) {
    await exec.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  },
  async revokeAllForUser(exec: Executor, userId: string) {
    await exec
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  },
};
