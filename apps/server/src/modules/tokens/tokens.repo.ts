import { and, desc, eq, isNull, or, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { personalAccessTokens, type UserRow, userColumns, users } from '../../db/schema/index';

export type ApiTokenRow = typeof personalAccessTokens.$inferSelect;

/** SQL of personal access tokens (DESIGN §16). */
export const tokensRepo = {
  async insert(
    exec: Executor,
    row: { userId: string; name: string; scope: 'read' | 'write'; tokenHash: string; createdAt: Date; expiresAt: Date },
  ): Promise<ApiTokenRow> {
    const [created] = await exec.insert(personalAccessTokens).values(row).returning();
    return created;
  },

  /** The user's tokens that are not revoked, newest first (expired ones too, until revoked). */
  async listForUser(exec: Executor, userId: string): Promise<ApiTokenRow[]> {
    return exec
      .select()
      .from(personalAccessTokens)
      .where(and(eq(personalAccessTokens.userId, userId), isNull(personalAccessTokens.revokedAt)))
      .orderBy(desc(personalAccessTokens.createdAt));
  },

  /** Revokes one of the user's tokens; false when it is not theirs or already revoked. */
  async revoke(exec: Executor, userId: string, id: string, at: Date): Promise<boolean> {
    const rows = await exec
      .update(personalAccessTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(personalAccessTokens.id, id),
          eq(personalAccessTokens.userId, userId),
          isNull(personalAccessTokens.revokedAt),
        ),
      )
      .returning({ id: personalAccessTokens.id });
    return rows.length > 0;
  },

  /** The token of a hash (not revoked) and its user's whole row; expiry is the caller's to judge. */
  async lookup(
    exec: Executor,
    tokenHash: string,
  ): Promise<{ user: UserRow; token: Pick<ApiTokenRow, 'id' | 'scope' | 'expiresAt' | 'lastUsedAt'> } | null> {
    const [row] = await exec
      .select({
        user: userColumns,
        token: {
          id: personalAccessTokens.id,
          scope: personalAccessTokens.scope,
          expiresAt: personalAccessTokens.expiresAt,
          lastUsedAt: personalAccessTokens.lastUsedAt,
        },
      })
      .from(personalAccessTokens)
      .innerJoin(users, eq(users.id, personalAccessTokens.userId))
      .where(and(eq(personalAccessTokens.tokenHash, tokenHash), isNull(personalAccessTokens.revokedAt)))
      .limit(1);
    return row ?? null;
  },

  /** Records a use, at most once a minute per token (the condition makes a concurrent second write a no-op). */
  async touch(exec: Executor, id: string, at: Date): Promise<void> {
    await exec
      .update(personalAccessTokens)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(personalAccessTokens.id, id),
          or(
            isNull(personalAccessTokens.lastUsedAt),
            lt(personalAccessTokens.lastUsedAt, new Date(at.getTime() - 60_000)),
          ),
        ),
      );
  },
};
