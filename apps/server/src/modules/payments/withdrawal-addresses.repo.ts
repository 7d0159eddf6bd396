import { and, desc, eq } from 'drizzle-orm';
import type { Currency } from '@devmarket/contract';
import type { Executor } from '../../db/client';
import { withdrawalAddresses } from '../../db/schema/index';

export type WithdrawalAddressRow = typeof withdrawalAddresses.$inferSelect;

export const withdrawalAddressesRepo = {
  async list(exec: Executor, userId: string, currency?: Currency): Promise<WithdrawalAddressRow[]> {
    return exec
      .select()
      .from(withdrawalAddresses)
      .where(
        and(eq(withdrawalAddresses.userId, userId), currency ? eq(withdrawalAddresses.currency, currency) : undefined),
      )
      .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id));
  },

  /** The new row, or null when the user already has this address for this currency. */
  async insert(
    exec: Executor,
    values: { userId: string; currency: Currency; address: string; label: string; usableAt: Date },
  ): Promise<WithdrawalAddressRow | null> {
    const [row] = await exec.insert(withdrawalAddresses).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async remove(exec: Executor, userId: string, id: string): Promise<boolean> {
    const rows = await exec
      .delete(withdrawalAddresses)
      .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
      .returning({ id: withdrawalAddresses.id });
    return rows.length === 1;
  },
};
