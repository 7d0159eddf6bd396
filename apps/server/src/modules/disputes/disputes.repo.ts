import type { DisputeOutcome } from '@devmarket/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';

export type DisputeRow = {
  id: string;
  task_id: string;
  opened_by: string;
  assignee_id: string;
  reason: string;
  status: 'Open' | 'Resolved';
  outcome: DisputeOutcome | null;
  amount: string | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
};

type Party = { id: string; firstName: string; lastName: string; username: string | null };
export type DisputeListRow = DisputeRow & {
  identifier: string;
  summary: string;
  price: string | null;
  project_id: string;
  project_name: string;
  owner: Party;
  assignee: Party;
};

const party = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name,
    'username', ${alias}.username)`);

export const disputesRepo = {
  /** Opens a dispute; null when the task already has an open one (the partial unique index decides). */
  async insertOpen(exec: Executor, input: { taskId: string; openedBy: string; assigneeId: string; reason: string }) {
    const [row] = await queryRows<DisputeRow>(
      exec,
      sql`insert into disputes (task_id, opened_by, assignee_id, reason)
          values (${input.taskId}, ${input.openedBy}, ${input.assigneeId}, ${input.reason})
          on conflict (task_id) where status = 'Open' do nothing
          returning id, task_id, opened_by, assignee_id, reason, status, outcome, amount::text as amount, created_at, resolved_at`,
    );
    return row ?? null;
  },

  /** The dispute, locked for its resolution (taken after the project and the task: DESIGN §8 lock order). */
  async lock(exec: Executor, id: string): Promise<DisputeRow | null> {
    const [row] = await queryRows<DisputeRow>(
      exec,
      sql`select id, task_id, opened_by, assignee_id, reason, status, outcome, amount::text as amount, created_at, resolved_at
          from disputes where id = ${id} for update`,
    );
    return row ?? null;
  },

  async taskIdOf(exec: Executor, id: string): Promise<string | null> {
    const [row] = await queryRows<{ task_id: string }>(exec, sql`select task_id from disputes where id = ${id}`);
    return row?.task_id ?? null;
  },

  async resolve(
    exec: Executor,
    input: { id: string; outcome: DisputeOutcome; amount: bigint; resolvedBy: string; now: Date },
  ): Promise<void> {
    await exec.execute(
      sql`update disputes set status = 'Resolved', outcome = ${input.outcome}, amount = ${input.amount.toString()}::bigint,
            resolved_by = ${input.resolvedBy}, resolved_at = ${input.now}
          where id = ${input.id}`,
    );
  },

  /** Staff console: disputes of one status (or one by id) with their task and both parties, newest first. */
  async list(exec: Executor, where: { status: 'Open' | 'Resolved' } | { id: string }): Promise<DisputeListRow[]> {
    const cond = 'id' in where ? sql`d.id = ${where.id}` : sql`d.status = ${where.status}`;
    return queryRows<DisputeListRow>(
      exec,
      sql`select d.id, d.task_id, d.opened_by, d.assignee_id, d.reason, d.status, d.outcome, d.amount::text as amount, d.created_at,
            d.resolved_at, t.identifier, t.summary, t.price::text as price, p.id as project_id, p.name as project_name,
            ${party('o')} as owner, ${party('a')} as assignee
          from disputes d
          join tasks t on t.id = d.task_id
          join projects p on p.id = t.project_id
          join users o on o.id = p.owner_id
          join users a on a.id = d.assignee_id
          where ${cond}
          order by d.created_at desc
          limit 200`,
    );
  },
};
