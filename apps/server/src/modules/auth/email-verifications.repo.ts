import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { emailVerifications, users } from '../../db/schema/index';

type VerificationValues = { codeHash: string; linkTokenHash: string; attempts: number; expiresAt: Date; sentAt: Date };

export const emailVerificationsRepo = {
  /** The user's one code and link token: a new one replaces any earlier. */
  async replace(exec: Executor, userId: string, values: VerificationValues): Promise<void> {
    await exec
      .insert(emailVerifications)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: emailVerifications.userId, set: values });
  },

  async sentAt(exec: Executor, userId: string): Promise<Date | null> {
    const [row] = await exec
      .select({ sentAt: emailVerifications.sentAt })
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, userId));
    return row?.sentAt ?? null;
  },

  /** The user's code row, locked so concurrent tries count one after the other. */
  async lockForUser(tx: Tx, userId: string) {
    const [row] = await tx.select().from(emailVerifications).where(eq(emailVerifications.userId, userId)).for('update');
    return row;
  },

  async setAttempts(exec: Executor, userId: string, attempts: number): Promise<void> {
    await exec.update(emailVerifications).set({ attempts }).where(eq(emailVerifications.userId, userId));
  },

  async remove(exec: Executor, userId: string): Promise<void> {
    await exec.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
  },

  /** The (locked) user of a link token sent after `sentAfter`, whose e-mail is not verified yet. */
  async lockUnverifiedByLinkToken(tx: Tx, linkTokenHash: string, sentAfter: Date): Promise<string | null> {
    const [row] = await tx
      .select({ userId: emailVerifications.userId })
      .from(emailVerifications)
      .innerJoin(users, eq(users.id, emailVerifications.userId))
      .where(
        and(
          eq(emailVerifications.linkTokenHash, linkTokenHash),
          gt(emailVerifications.sentAt, sentAfter),
          isNull(users.emailVerifiedAt),
        ),
      )
      .for('update');
    return row?.userId ?? null;
  },
};
