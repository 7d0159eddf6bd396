import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResets } from '../../db/schema/index';

export const passwordResetsRepo = {
  /** Whether a reset link was made for the user after `since` (the mail interval). */
  async hasSince(exec: Executor, userId: string, since: Date): Promise<boolean> {
    const [row] = await exec
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)))
      .limit(1);
    return Boolean(row);
  },

  async insert(
    exec: Executor,
    values: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
  ): Promise<void> {
    await exec.insert(passwordResets).values(values);
  },

  /** Spends an unused, unexpired link; its user's id, or null when there is no such link. */
  async useToken(exec: Executor, tokenHash: string, now: Date): Promise<string | null> {
    const [row] = await exec
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
      )
      .returning({ userId: passwordResets.userId });
    return row?.userId ?? null;
  },

  /** Spends every outstanding link of the user. */
  async useAllOf(exec: Executor, userId: string, now: Date): Promise<void> {
    await exec
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  },
};
