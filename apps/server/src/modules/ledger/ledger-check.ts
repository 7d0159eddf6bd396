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

  problems.push(...(await checkEscrow(exec)));

  const [counts] = await queryRows<{ journals: string; entries: string; transactions: string; accounts: string }>(
    exec,
    sql`select (select count(*) from journals)::text as journals, (select count(*) from ledger_entries)::text as entries,
          (select count(*) from transactions)::text as transactions, (select count(*) from ledger_accounts)::text as accounts`,
  );
  const stats = Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]));
  return { ok: problems.length === 0, problems, stats };
}

/**
 * DESIGN §8 self-checks: every open hold belongs to an assigned task that is not Complete, for its
 * price; every Complete priced task was paid exactly once (in full, or split by a resolved
 * dispute whose two parts sum to the hold); the cached public totals equal what the ledger says.
 */
async function checkEscrow(exec: Executor): Promise<string[]> {
  const problems: string[] = [];
  const badHolds = await queryRows<{ task_id: string; identifier: string | null; why: string }>(
    exec,
    sql`select h.task_id, t.identifier,
          case when t.id is null then 'has no task'
               when t.assignee_id is null then 'belongs to a task with no assignee'
               when t.stage = 'Complete' then 'belongs to a Complete task'
               else 'differs from the task price ' || coalesce(t.price::text, 'none') end as why
        from escrow_holds h left join tasks t on t.id = h.task_id
        where h.status = 'held'
          and (t.id is null or t.assignee_id is null or t.stage = 'Complete' or t.price is distinct from h.amount)`,
  );
  for (const r of badHolds) problems.push(`open hold of task ${r.identifier ?? r.task_id} ${r.why}`);

  const payments = await queryRows<{
    identifier: string;
    stage: string;
    price: string | null;
    outs: string;
    ins: string;
    paid: string;
    split: string | null;
    rest: string;
  }>(
    exec,
    sql`select t.identifier, t.stage, t.price::text as price,
          (select count(*) from transactions x where x.task_id = t.id and x.type = 'Payment-Out')::text as outs,
          (select count(*) from transactions x where x.task_id = t.id and x.type = 'Payment-In')::text as ins,
          coalesce((select sum(x.amount) from transactions x where x.task_id = t.id and x.type = 'Payment-Out'), 0)::text as paid,
          (select d.amount::text from disputes d where d.task_id = t.id and d.status = 'Resolved' and d.outcome = 'split'
             order by d.resolved_at desc limit 1) as split,
          coalesce((select sum(e.amount) from journals j join ledger_entries e on e.journal_id = j.id
             join ledger_accounts a on a.id = e.account_id
             where j.task_id = t.id and j.kind = 'escrow-release' and j.idempotency_key is not null
               and a.kind = 'user_available'), 0)::text as rest
        from tasks t
        where (t.stage = 'Complete' and t.price is not null)
           or exists (select 1 from transactions x where x.task_id = t.id and x.type in ('Payment-Out', 'Payment-In'))`,
  );
  for (const r of payments) {
    if (r.outs !== r.ins || Number(r.outs) > 1) {
      problems.push(`task ${r.identifier} was paid ${r.outs} times out and ${r.ins} times in (at most once each)`);
      continue;
    }
    if (r.stage !== 'Complete' || r.price === null) {
      problems.push(`task ${r.identifier} has a payment but is ${r.stage}${r.price === null ? ' with no price' : ''}`);
      continue;
    }
    if (r.outs === '0') {
      problems.push(`Complete priced task ${r.identifier} was never paid`);
      continue;
    }
    const price = BigInt(r.price);
    const expected = r.split === null ? price : BigInt(r.split);
    if (BigInt(r.paid) !== expected) {
      problems.push(`task ${r.identifier} paid ${r.paid} instead of ${expected}`);
    }
    if (r.split !== null && BigInt(r.split) + BigInt(r.rest) !== price) {
      problems.push(
        `split of task ${r.identifier}: ${r.split} paid and ${r.rest} returned do not sum to the hold ${price}`,
      );
    }
  }

  const spent = await queryRows<{ id: string; name: string; cached: string; ledger: string }>(
    exec,
    sql`select p.id, p.name, p.cached_total_spent::text as cached,
          coalesce((select sum(x.amount) from transactions x where x.project_id = p.id and x.type = 'Payment-Out'), 0)::text as ledger
        from projects p
        where p.cached_total_spent <> coalesce((select sum(x.amount) from transactions x
          where x.project_id = p.id and x.type = 'Payment-Out'), 0)`,
  );
  for (const r of spent) {
    problems.push(`project ${r.name} (${r.id}) caches total spent ${r.cached} but its payments sum to ${r.ledger}`);
  }

  const completed = await queryRows<{ id: string; cached: number; ledger: number }>(
    exec,
    sql`select u.id, u.cached_tasks_completed as cached,
          (select count(*) from transactions x where x.user_id = u.id and x.type = 'Payment-In')::int as ledger
        from users u
        where u.cached_tasks_completed <> (select count(*) from transactions x where x.user_id = u.id and x.type = 'Payment-In')`,
  );
  for (const r of completed) {
    problems.push(`user ${r.id} caches ${r.cached} completed tasks but was paid for ${r.ledger}`);
  }
  return problems;
}
