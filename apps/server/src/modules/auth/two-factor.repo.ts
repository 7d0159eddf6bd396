import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { loginTickets, recoveryCodes, userSecurity, users } from '../../db/schema/index';

export type SecurityRow = typeof userSecurity.$inferSelect;
type SecurityPatch = Partial<Omit<SecurityRow, 'userId'>>;

export const twoFactorRepo = {
  /**
   * Locks the user's row: every change of the rules a withdrawal obeys (password, two-step
   * verification, allow-list, pause, address book) and every withdrawal take this lock in their
   * transaction, so they run one after the other (DESIGN §14).
   */
  async lockUser(tx: Tx, userId: string): Promise<{ passwordHash: string; timezone: string | null } | null> {
    const [row] = await tx
      .select({ passwordHash: users.passwordHash, timezone: users.timezone })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row ?? null;
  },

  async find(exec: Executor, userId: string): Promise<SecurityRow | null> {
    const [row] = await exec.select().from(userSecurity).where(eq(userSecurity.userId, userId));
    return row ?? null;
  },

  /** Inserts the row or changes the given columns. */
  async upsert(exec: Executor, userId: string, patch: SecurityPatch): Promise<void> {
    await exec
      .insert(userSecurity)
      .values({ userId, ...patch })
      .onConflictDoUpdate({ target: userSecurity.userId, set: patch });
  },

  /** Accepts a time step when it is after the last accepted one (under the user lock); false: replayed. */
  async useStep(exec: Executor, userId: string, step: number): Promise<boolean> {
    const rows = await exec
      .update(userSecurity)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(userSecurity.userId, userId),
          sql`(${userSecurity.totpLastStep} is null or ${userSecurity.totpLastStep} < ${step})`,
        ),
      )
      .returning({ userId: userSecurity.userId });
    return rows.length === 1;
  },

  async replaceRecoveryCodes(exec: Executor, userId: string, hashes: string[]): Promise<void> {
    await exec.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (hashes.length) await exec.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Spends an unused recovery code; false when there is none with that hash. */
  async useRecoveryCode(exec: Executor, userId: string, codeHash: string, at: Date): Promise<boolean> {
    const rows = await exec
      .update(recoveryCodes)
      .set({ usedAt: at })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length === 1;
  },

  async insertTicket(exec: Executor, values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await exec.insert(loginTickets).values(values);
  },

  async lockTicket(tx: Tx, tokenHash: string) {
    const [row] = await tx.select().from(loginTickets).where(eq(loginTickets.tokenHash, tokenHash)).for('update');
    return row ?? null;
  },

  async countTicketFailure(exec: Executor, id: string): Promise<void> {
    await exec
      .update(loginTickets)
      .set({ failures: sql`${loginTickets.failures} + 1` })
      .where(eq(loginTickets.id, id));
  },

  async useTicket(exec: Executor, id: string, at: Date): Promise<void> {
    await exec.update(loginTickets).set({ usedAt: at }).where(eq(loginTickets.id, id));
  },
};
