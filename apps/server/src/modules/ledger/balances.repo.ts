import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { statement, statementRows } from '../../db/raw';
import { queryRows } from '../../db/rows';
import { transactions } from '../../db/schema/index';

/** GET /user/balance runs it on every call: prepared by name, no builder (docs/performance.md). */
const BALANCES = statement(
  'ledger_user_balances',
  'select kind, balance::text as balance from ledger_accounts where user_id = $1',
);

/** A user's spendable and escrowed/held balances, in micro-USDT. */
export async function getBalances(exec: Executor, userId: string): Promise<{ available: bigint; held: bigint }> {
  const rows = await statementRows<{ kind: string; balance: string }>(exec, BALANCES, [userId]);
  let available = 0n;
  let held = 0n;
  for (const r of rows) {
    if (r.kind === 'user_available') available = BigInt(r.balance);
    else if (r.kind === 'user_held') held = BigInt(r.balance);
  }
  return { available, held };
}

export async function getPendingTransactionId(exec: Executor, userId: string): Promise<string | null> {
  const [row] = await exec
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.status, 'Pending')))
    .limit(1);
  return row?.id ?? null;
}

/** Balance and pending transaction in one round trip, for GET /user. */
export async function getMoneySummary(exec: Executor, userId: string) {
  const rows = await queryRows<{ available: string | null; pending: string | null }>(
    exec,
    sql`
    select
      (select balance from ledger_accounts where user_id = ${userId} and kind = 'user_available') as available,
      (select id from transactions where user_id = ${userId} and status = 'Pending' limit 1) as pending`,
  );
  const row = rows[0];
  return { balance: BigInt(row?.available ?? 0), pendingTransactionID: row?.pending ?? null };
}
