import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';

/** The reads of the ledger self-check (ledger-check.ts decides what is a problem). */
export const ledgerCheckRepo = {
  /** Journals whose entries do not sum to zero. */
  unbalancedJournals(exec: Executor) {
    return queryRows<{ journal_id: string; total: string }>(
      exec,
      sql`select journal_id, sum(amount)::text as total from ledger_entries group by journal_id having sum(amount) <> 0`,
    );
  },

  /** Journals without entries. */
  emptyJournals(exec: Executor) {
    return queryRows<{ id: string }>(
      exec,
      sql`select j.id from journals j where not exists (select 1 from ledger_entries e where e.journal_id = j.id)`,
    );
  },

  /** Accounts whose cached balance differs from the sum of their entries. */
  cachedBalanceDrift(exec: Executor) {
    return queryRows<{ id: string; kind: string; balance: string; total: string }>(
      exec,
      sql`select a.id, a.kind, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as total
          from ledger_accounts a left join ledger_entries e on e.account_id = a.id
          group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
    );
  },

  /** User accounts below zero. */
  negativeUserAccounts(exec: Executor) {
    return queryRows<{ id: string; kind: string; balance: string }>(
      exec,
      sql`select id, kind, balance::text as balance from ledger_accounts where kind like 'user\\_%' and balance < 0`,
    );
  },

  /** The sum of every account (zero in a sound ledger). */
  ledgerTotal(exec: Executor) {
    return queryRows<{ total: string | null }>(exec, sql`select sum(balance)::text as total from ledger_accounts`);
  },

  /** What each transaction's journals moved on its user's available and held accounts. */
  transactionMovements(exec: Executor) {
    return queryRows<{
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
  },

  /** Each user's held balance beside their open escrow plus pending withdrawals. */
  heldAgainstObligations(exec: Executor) {
    return queryRows<{ user_id: string; held: string; expected: string }>(
      exec,
      sql`select a.user_id, a.balance::text as held,
            (coalesce((select sum(h.amount) from escrow_holds h where h.owner_id = a.user_id and h.status = 'held'), 0)
           + coalesce((select sum(t.amount) from transactions t where t.user_id = a.user_id and t.type = 'Withdrawal' and t.status = 'Pending'), 0))::text as expected
          from ledger_accounts a where a.kind = 'user_held'`,
    );
  },

  /** Users with more than one pending transaction. */
  usersWithManyPending(exec: Executor) {
    return queryRows<{ user_id: string }>(
      exec,
      sql`select user_id from transactions where status = 'Pending' group by user_id having count(*) > 1`,
    );
  },

  /** How many journals, entries, transactions and accounts there are. */
  counts(exec: Executor) {
    return queryRows<{ journals: string; entries: string; transactions: string; accounts: string }>(
      exec,
      sql`select (select count(*) from journals)::text as journals, (select count(*) from ledger_entries)::text as entries,
            (select count(*) from transactions)::text as transactions, (select count(*) from ledger_accounts)::text as accounts`,
    );
  },

  /** Open holds that do not belong to an assigned, not Complete task of the same price. */
  badOpenHolds(exec: Executor) {
    return queryRows<{ task_id: string; identifier: string | null; why: string }>(
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
  },

  /** Tasks that are Complete and priced or have a payment, with what they were paid and returned. */
  taskPayments(exec: Executor) {
    return queryRows<{
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
  },

  /** Projects whose cached total spent differs from their payments. */
  projectSpentDrift(exec: Executor) {
    return queryRows<{ id: string; name: string; cached: string; ledger: string }>(
      exec,
      sql`select p.id, p.name, p.cached_total_spent::text as cached,
            coalesce((select sum(x.amount) from transactions x where x.project_id = p.id and x.type = 'Payment-Out'), 0)::text as ledger
          from projects p
          where p.cached_total_spent <> coalesce((select sum(x.amount) from transactions x
            where x.project_id = p.id and x.type = 'Payment-Out'), 0)`,
    );
  },

  /** Users whose cached completed-task count differs from their payments in. */
  tasksCompletedDrift(exec: Executor) {
    return queryRows<{ id: string; cached: number; ledger: number }>(
      exec,
      sql`select u.id, u.cached_tasks_completed as cached,
            (select count(*) from transactions x where x.user_id = u.id and x.type = 'Payment-In')::int as ledger
          from users u
          where u.cached_tasks_completed <> (select count(*) from transactions x where x.user_id = u.id and x.type = 'Payment-In')`,
    );
  },
};
