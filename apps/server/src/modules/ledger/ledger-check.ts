import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';

export type LedgerReport = { ok: boolean; problems: string[]; stats: Record<string, number> };

/** What each transaction must have done to its user's available and held accounts. */
function expected(type: string, status: string, amount: bigint): { available: bigint; held: bigint } {
  const zero = { available: 0n, held: 0n };
  // A failed or cancelled withdrawal's hold was released: nothing moved in the end.
  if (status === 'Failed' || status === 'Cancelled') return zero;
  if (type === 'Deposit') return status === 'Complete' ? { available: amount, held: 0n } : zero;
  if (type === 'Withdrawal')
    return status === 'Complete' ? { available: -amount, held: 0n } : { available: -amount, held: amount };
  if (type === 'Payment-Out') return { available: 0n, held: -amount };
  return { available: amount, held: 0n }; // Payment-In
}

/**
 * Proves the ledger over the whole database: journals balance, cached balances equal their
 * entries, no user balance is negative, every transaction's journals did exactly what its type
 * and status say, and held balances equal open escrow plus pending withdrawals.
 */
export async function checkLedger(exec: Executor): Promise<LedgerReport> {
  const problems: string[] = [];
  const unbalanced = await queryRows<{ journal_id: string; total: string }>(
    exec,
    sql`select journal_id, sum(amount)::text as total from ledger_entries group by journal_id having sum(amount) <> 0`,
  );
  for (const r of unbalanced) problems.push(`journal ${r.journal_id} sums to ${r.total}, not 0`);

  const empty = await queryRows<{ id: string }>(
    exec,
    sql`select j.id from journals j where not exists (select 1 from ledger_entries e where e.journal_id = j.id)`,
  );
  for (const r of empty) problems.push(`journal ${r.id} has no entries`);

  const drift = await queryRows<{ id: string; kind: string; balance: string; total: string }>(
    exec,
    sql`select a.id, a.kind, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as total
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  for (const r of drift)
    problems.push(`account ${r.id} (${r.kind}) caches ${r.balance} but its entries sum to ${r.total}`);

  const negative = await queryRows<{ id: string; kind: string; balance: string }>(
    exec,
    sql`select id, kind, balance::text as balance from ledger_accounts where kind like 'user\\_%' and balance < 0`,
  );
  for (const r of negative) problems.push(`account ${r.id} (${r.kind}) is negative: ${r.balance}`);

  const [global] = await queryRows<{ total: string | null }>(
    exec,
    sql`select sum(balance)::text as total from ledger_accounts`,
  );
  if (BigInt(global?.total ?? 0) !== 0n) problems.push(`all accounts sum to ${global?.total}, not 0`);

  const txs = await queryRows<{
    id: string;
    type: string;
    status: string;
    amount: string;
    available: string;
    held: string;
    journals: string;
  }>(
    exec,
    sql`select t.id, t.type, t.status, t.amount::text as amount,
          coalesce(sum(e.amount) filter (where a.kind = 'user_available'), 0)::text as available,
          coalesce(sum(e.amount) filter (where a.kind = 'user_held'), 0)::text as held,
          count(distinct j.id)::text as journals
        from transactions t
        left join journals j on j.transaction_id = t.id
        left join ledger_entries e on e.journal_id = j.id
        left join ledger_accounts a on a.id = e.account_id and a.user_id = t.user_id
        group by t.id`,
  );
  for (const t of txs) {
    const want = expected(t.type, t.status, BigInt(t.amount));
    const needsJournal = t.status === 'Complete' || (t.status === 'Pending' && t.type === 'Withdrawal');
    if (needsJournal && t.journals === '0') problems.push(`${t.status} ${t.type} ${t.id} has no journal`);
    if (BigInt(t.available) !== want.available || BigInt(t.held) !== want.held) {
      problems.push(
        `${t.status} ${t.type} ${t.id} of ${t.amount} moved available ${t.available}, held ${t.held} (expected ${want.available}, ${want.held})`,
      );
    }
  }

  const held = await queryRows<{ user_id: string; held: string; expected: string }>(
    exec,
    sql`select a.user_id, a.balance::text as held,
          (coalesce((select sum(h.amount) from escrow_holds h where h.owner_id = a.user_id and h.status = 'held'), 0)
         + coalesce((select sum(t.amount) from transactions t where t.user_id = a.user_id and t.type = 'Withdrawal' and t.status = 'Pending'), 0))::text as expected
        from ledger_accounts a where a.kind = 'user_held'`,
  );
  for (const r of held) {
    if (r.held !== r.expected)
      problems.push(`user ${r.user_id} holds ${r.held} but escrow + pending withdrawals are ${r.expected}`);
  }

  const pendingMany = await queryRows<{ user_id: string }>(
    exec,
    sql`select user_id from transactions where status = 'Pending' group by user_id having count(*) > 1`,
  );
  for (const r of pendingMany) problems.push(`user ${r.user_id} has more than one pending transaction`);

  const [counts] = await queryRows<{ journals: string; entries: string; transactions: string; accounts: string }>(
    exec,
    sql`select (select count(*) from journals)::text as journals, (select count(*) from ledger_entries)::text as entries,
          (select count(*) from transactions)::text as transactions, (select count(*) from ledger_accounts)::text as accounts`,
  );
  const stats = Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]));
  return { ok: problems.length === 0, problems, stats };
}
