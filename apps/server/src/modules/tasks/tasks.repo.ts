import { formatMoney, type Activity, type TaskFile, type TaskSummary } from '@devmarket/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { imageUrl } from '../users/users.mapper';

type Person = { id: string; firstName: string; lastName: string; image: string | null; username: string | null };

type SummaryRow = {
  id: string;
  identifier: string;
  project_id: string;
  summary: string;
  assignee_id: string | null;
  price: string | null;
  due_date: Date | string | null;
  stage: TaskSummary['stage'];
  position: string;
  assignee: Person | null;
};

type DetailRow = SummaryRow & {
  description: string;
  number: number;
  reporter_id: string;
  reporter: Person;
  project_name: string;
  project_handle: string;
  created_at: Date | string;
};

/** The row of a task locked for a change. */
export type TaskRow = {
  id: string;
  project_id: string;
  identifier: string;
  assignee_id: string | null;
  price: string | null;
  stage: TaskSummary['stage'];
};

const iso = (v: Date | string) => new Date(v).toISOString();
const person = (p: Person) => ({ ...p, imageURL: imageUrl(p.image) });
const personJson = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name,
    'image', ${alias}.image, 'username', ${alias}.username)`);

const SUMMARY_COLUMNS = sql`t.id, t.identifier, t.project_id, t.summary, t.assignee_id, t.price::text as price,
  t.due_date, t.stage, t.position,
  case when a.id is null then null else ${personJson('a')} end as assignee`;

export function toSummary(r: SummaryRow): TaskSummary {
  return {
    id: r.id,
    identifier: r.identifier,
    projectID: r.project_id,
    summary: r.summary,
    assigneeID: r.assignee_id,
    price: r.price === null ? null : formatMoney(r.price),
    dueDate: r.due_date === null ? null : iso(r.due_date),
    stage: r.stage,
    position: r.position,
    Assignee: r.assignee ? person(r.assignee) : null,
  };
}

export const tasksRepo = {
  /** Every task of a project for the board and the list: ONE query whatever the count (no N+1). */
  async listByProject(exec: Executor, projectId: string): Promise<TaskSummary[]> {
    const rows = await queryRows<SummaryRow>(
      exec,
      sql`select ${SUMMARY_COLUMNS}
          from tasks t left join users a on a.id = t.assignee_id
          where t.project_id = ${projectId}
          order by t.position collate "C", t.number desc`,
    );
    return rows.map(toSummary);
  },

  async findSummary(exec: Executor, taskId: string): Promise<TaskSummary | null> {
    const [row] = await queryRows<SummaryRow>(
      exec,
      sql`select ${SUMMARY_COLUMNS} from tasks t left join users a on a.id = t.assignee_id where t.id = ${taskId}`,
    );
    return row ? toSummary(row) : null;
  },

  /** The task with its people and project, without files and comments. */
  async findDetail(exec: Executor, where: { id: string } | { identifier: string }) {
    const cond: SQL = 'id' in where ? sql`t.id = ${where.id}` : sql`t.identifier = upper(${where.identifier})`;
    const [row] = await queryRows<DetailRow>(
      exec,
      sql`select ${SUMMARY_COLUMNS}, t.description, t.number, t.reporter_id, t.created_at,
            ${personJson('r')} as reporter, p.name as project_name, p.handle as project_handle
          from tasks t
          join projects p on p.id = t.project_id
          join users r on r.id = t.reporter_id
          left join users a on a.id = t.assignee_id
          where ${cond}`,
    );
    if (!row) return null;
    return {
      ...toSummary(row),
      description: row.description,
      name: row.project_name,
      projectHandle: row.project_handle,
      Reporter: person(row.reporter),
      createdAt: iso(row.created_at),
    };
  },

  /** Locks the task row for the rest of the transaction (stage moves and edits serialize on it). */
  async lock(exec: Executor, taskId: string): Promise<TaskRow | null> {
    const [row] = await queryRows<TaskRow>(
      exec,
      sql`select id, project_id, identifier, assignee_id, price::text as price, stage
          from tasks where id = ${taskId} for update`,
    );
    return row ?? null;
  },

  /** The next identifier number: the project row's counter, bumped atomically. */
  async nextNumber(exec: Executor, projectId: string): Promise<{ number: number; key: string }> {
    const [row] = await queryRows<{ task_seq: number; key: string }>(
      exec,
      sql`update projects set task_seq = task_seq + 1 where id = ${projectId} returning task_seq, key`,
    );
    return { number: Number(row.task_seq), key: row.key };
  },

  /** The first position key of a board column (Unassigned cards live in ToDo). */
  async firstPosition(exec: Executor, projectId: string, stages: string[]): Promise<string | null> {
    const [row] = await queryRows<{ first: string | null }>(
      exec,
      sql`select min(position collate "C") as first from tasks
          where project_id = ${projectId} and stage in (${sql.join(
            stages.map((s) => sql`${s}`),
            sql`, `,
          )})`,
    );
    return row?.first ?? null;
  },

  async files(exec: Executor, taskId: string): Promise<TaskFile[]> {
    const rows = await queryRows<{
      id: string;
      name: string;
      created_at: Date | string;
      size: number | string;
      mime: string;
    }>(exec, sql`select id, name, created_at, size, mime from files where task_id = ${taskId} order by created_at, id`);
    return rows.map((f) => ({ id: f.id, name: f.name, date: iso(f.created_at), size: Number(f.size), mime: f.mime }));
  },

  /** Comments, newest first (spec: a new activity is placed at the top). */
  async activities(exec: Executor, taskId: string): Promise<Activity[]> {
    const rows = await queryRows<{
      id: string;
      task_id: string;
      user_id: string;
      name: string;
      text: string;
      created_at: Date | string;
    }>(
      exec,
      sql`select c.id, c.task_id, c.user_id, trim(u.first_name || ' ' || u.last_name) as name, c.text, c.created_at
          from activities c join users u on u.id = c.user_id
          where c.task_id = ${taskId} order by c.created_at desc, c.id desc`,
    );
    return rows.map((c) => ({
      id: c.id,
      taskID: c.task_id,
      userID: c.user_id,
      name: c.name,
      text: c.text,
      createdAt: iso(c.created_at),
    }));
  },
};
