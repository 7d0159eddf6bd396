import { type Activity, type Dispute, formatMoney, type TaskFile, type TaskSummary } from '@devmarket/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { statement, statementRows } from '../../db/raw';
import { queryRows } from '../../db/rows';
import { tasks } from '../../db/schema/index';
import { imageUrl } from '../users';

type Person = { id: string; firstName: string; lastName: string; image: string | null; username: string | null };

/**
 * A task's summary row as SUMMARY_TEXT selects it: named as the API names it, dates already in
 * its ISO form. `price` is micro-USDT text and `Assignee` lacks `imageURL` until `finishSummary`
 * rewrites them; `dispute` is PostgreSQL's JSON until then.
 */
type SummaryRow = Omit<TaskSummary, 'Assignee' | 'dispute'> & {
  Assignee: (Person & { imageURL?: string | null }) | null;
  dispute: DisputeJson | Dispute | null;
};

type DisputeJson = {
  id: string;
  openedBy: string;
  reason: string;
  status: 'Open' | 'Resolved';
  outcome: 'release' | 'refund' | 'split' | null;
  amount: string | number | null;
  createdAt: string;
  resolvedAt: string | null;
};

type DetailRow = SummaryRow & {
  description: string;
  reporter: Person;
  project_name: string;
  project_handle: string;
  created_at: Date | string;
};

const PROJECT_ACCESS = statement(
  'project_access',
  `select p.id, p.owner_id, p.key, p.name, p.handle, p.visibility,
          (p.owner_id = $1 or exists (
            select 1 from project_members m where m.project_id = p.id and m.user_id = $1
          )) as is_member
        from projects p where p.id = $2`,
);

const MEMBER_IDS = statement(
  'project_member_ids',
  `select user_id from project_members where project_id = $1
        union select owner_id from projects where id = $1`,
);

/** A project with the standing of one user in it (tasksRepo.projectStanding). */
export type ProjectStandingRow = {
  id: string;
  owner_id: string;
  key: string;
  name: string;
  handle: string;
  visibility: 'Public' | 'Private';
  is_member: boolean;
};

/** The row of a task locked for a change. */
export type TaskRow = {
  id: string;
  project_id: string;
  identifier: string;
  summary: string;
  assignee_id: string | null;
  price: string | null;
  stage: TaskSummary['stage'];
  review_deadline: Date | string | null;
  open_dispute_id: string | null;
};

const iso = (v: Date | string) => new Date(v).toISOString();
const person = (p: Person) => ({ ...p, imageURL: imageUrl(p.image) });
const personJsonText = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name,
    'image', ${alias}.image, 'username', ${alias}.username)`;
const personJson = (alias: string) => sql.raw(personJsonText(alias));

// The latest dispute of the task (open or resolved), one index probe per task (disputes_task_idx).
const LATEST_DISPUTE = `(select json_build_object('id', d.id, 'openedBy', d.opened_by, 'reason', d.reason,
    'status', d.status, 'outcome', d.outcome, 'amount', d.amount::text, 'createdAt', d.created_at,
    'resolvedAt', d.resolved_at)
  from disputes d where d.task_id = t.id order by d.created_at desc limit 1)`;

/** A timestamptz as the API writes it (Date#toISOString), formatted by PostgreSQL (db/rows.ts isoTimestamp). */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Dates leave PostgreSQL in the API's ISO form: parsing and re-printing them in JavaScript was
// most of the JavaScript time of a board (docs/performance.md).
// Columns are named as the API names them, so a row is the answer's shape already (finishSummary).
export const SUMMARY_TEXT = `t.id, t.identifier, t.project_id as "projectID", t.summary, t.assignee_id as "assigneeID",
  t.price::text as price, ${isoText('t.due_date')} as "dueDate", t.stage, t.position,
  ${isoText('t.review_deadline')} as "reviewDeadline",
  case when a.id is null then null else ${personJsonText('a')} end as "Assignee",
  ${LATEST_DISPUTE} as dispute`;
const SUMMARY_COLUMNS = sql.raw(SUMMARY_TEXT);

/** The board's list and one task's summary: every request of a board runs one, so prepared by name (db/raw.ts). */
const LIST_BY_PROJECT = statement(
  'tasks_list_by_project',
  `select ${SUMMARY_TEXT}
          from tasks t left join users a on a.id = t.assignee_id
          where t.project_id = $1
          order by t.position collate "C", t.number desc`,
);
const SUMMARY_BY_ID = statement(
  'tasks_summary_by_id',
  `select ${SUMMARY_TEXT} from tasks t left join users a on a.id = t.assignee_id where t.id = $1`,
);

function toDispute(d: DisputeJson): Dispute {
  return {
    id: d.id,
    openedBy: d.openedBy,
    reason: d.reason,
    status: d.status,
    outcome: d.outcome,
    amount: d.amount === null ? null : formatMoney(String(d.amount)),
    createdAt: iso(d.createdAt),
    resolvedAt: d.resolvedAt === null ? null : iso(d.resolvedAt),
  };
}

// The selects of every task write (stage moves, new tasks), prepared by name (db/raw.ts).
const PROJECT_OF_TASK = statement('tasks_project_of', 'select project_id from tasks where id = $1');
const LOCK_PROJECT = statement('tasks_lock_project', 'select owner_id from projects where id = $1 for no key update');
// review_deadline as text: the value drizzle's driver settings returned (task-review.ts parses it).
const LOCK_TASK = statement(
  'tasks_lock',
  `select t.id, t.project_id, t.identifier, t.summary, t.assignee_id, t.price::text as price, t.stage,
            t.review_deadline::text as review_deadline,
            (select d.id from disputes d where d.task_id = t.id and d.status = 'Open') as open_dispute_id
          from tasks t where t.id = $1 for update of t`,
);
const NEXT_NUMBER = statement(
  'tasks_next_number',
  'update projects set task_seq = task_seq + 1 where id = $1 returning task_seq, key',
);
const firstPositionText = (n: number) =>
  `select min(position collate "C") as first from tasks
          where project_id = $1 and stage in (${Array.from({ length: n }, (_, k) => `$${k + 2}`).join(', ')})`;
// The writes of a new task and a stage move (issue 33): constant texts, like the selects above.
// Dates go as ISO text and the price as its decimal digits (drizzle's encoding of the same values).
export const INSERT_TASK = statement(
  'tasks_insert',
  `insert into tasks (project_id, number, identifier, summary, description, reporter_id, assignee_id, price,
            due_date, stage, position)
          values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10, $11)
          returning id, identifier`,
);
export const SET_STAGE = statement(
  'tasks_set_stage',
  `update tasks set stage = $2, position = $3, review_deadline = $4::timestamptz, updated_at = $5::timestamptz
          where id = $1`,
);
const FIRST_POSITION = [
  statement('tasks_first_position_1', firstPositionText(1)),
  statement('tasks_first_position_2', firstPositionText(2)),
];

/**
 * Makes a summary row the API's answer, in place: only the values PostgreSQL does not write as the
 * API does (the price's decimal text, the picture's address, the dispute's money and times) are
 * rewritten. A board lists hundreds of tasks, and a second object per task and per assignee was
 * the largest cost of its list besides the driver's (docs/performance.md).
 */
function finishSummary<R extends SummaryRow>(r: R): R & TaskSummary {
  if (r.price !== null) r.price = formatMoney(r.price);
  if (r.Assignee) r.Assignee.imageURL = imageUrl(r.Assignee.image);
  if (r.dispute) r.dispute = toDispute(r.dispute as DisputeJson);
  return r as R & TaskSummary;
}

export const tasksRepo = {
  /** Every task of a project for the board and the list: ONE query whatever the count (no N+1). */
  async listByProject(exec: Executor, projectId: string): Promise<TaskSummary[]> {
    const rows = await statementRows<SummaryRow>(exec, LIST_BY_PROJECT, [projectId]);
    for (const row of rows) finishSummary(row);
    return rows as TaskSummary[];
  },

  async findSummary(exec: Executor, taskId: string): Promise<TaskSummary | null> {
    const [row] = await statementRows<SummaryRow>(exec, SUMMARY_BY_ID, [taskId]);
    return row ? finishSummary(row) : null;
  },

  /** The task with its people and project, without files and comments. */
  async findDetail(exec: Executor, where: { id: string } | { identifier: string }) {
    const cond: SQL = 'id' in where ? sql`t.id = ${where.id}` : sql`t.identifier = upper(${where.identifier})`;
    const [row] = await queryRows<DetailRow>(
      exec,
      sql`select ${SUMMARY_COLUMNS}, t.description, t.created_at,
            ${personJson('r')} as reporter, p.name as project_name, p.handle as project_handle
          from tasks t
          join projects p on p.id = t.project_id
          join users r on r.id = t.reporter_id
          left join users a on a.id = t.assignee_id
          where ${cond}`,
    );
    if (!row) return null;
    const { description, reporter, project_name, project_handle, created_at, ...summary } = finishSummary(row);
    return {
      ...summary,
      description,
      name: project_name,
      projectHandle: project_handle,
      Reporter: person(reporter),
      createdAt: iso(created_at),
    };
  },

  /** The project of a task (a task never changes project), or null when there is no such task. */
  async projectIdOf(exec: Executor, taskId: string): Promise<string | null> {
    const [row] = await statementRows<{ project_id: string }>(exec, PROJECT_OF_TASK, [taskId]);
    return row?.project_id ?? null;
  },

  /**
   * Locks the project row: the first lock of every transaction that changes a task of the project
   * or its money (DESIGN §8 lock order: project, then task, then hold, then ledger accounts in id
   * order). FOR NO KEY UPDATE conflicts with itself and with the project's deletion.
   */
  async lockProject(exec: Executor, projectId: string): Promise<{ ownerId: string } | null> {
    const [row] = await statementRows<{ owner_id: string }>(exec, LOCK_PROJECT, [projectId]);
    return row ? { ownerId: row.owner_id } : null;
  },

  /** Locks the task row for the rest of the transaction (stage moves and edits serialize on it). */
  async lock(exec: Executor, taskId: string): Promise<TaskRow | null> {
    const [row] = await statementRows<TaskRow>(exec, LOCK_TASK, [taskId]);
    return row ?? null;
  },

  /** The next identifier number: the project row's counter, bumped atomically. */
  async nextNumber(exec: Executor, projectId: string): Promise<{ number: number; key: string }> {
    const [row] = await statementRows<{ task_seq: number; key: string }>(exec, NEXT_NUMBER, [projectId]);
    return { number: Number(row.task_seq), key: row.key };
  },

  /** The first position key of a board column (Unassigned cards live in ToDo). */
  async firstPosition(exec: Executor, projectId: string, stages: string[]): Promise<string | null> {
    const [row] =
      stages.length <= 2
        ? await statementRows<{ first: string | null }>(exec, FIRST_POSITION[stages.length - 1], [projectId, ...stages])
        : await queryRows<{ first: string | null }>(
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

  /** Comments and system steps, newest first (spec: a new activity is placed at the top). */
  async activities(exec: Executor, taskId: string): Promise<Activity[]> {
    const rows = await queryRows<ActivityRow>(
      exec,
      sql`select ${ACTIVITY_COLUMNS} from activities c left join users u on u.id = c.user_id
          where c.task_id = ${taskId} order by c.created_at desc, c.seq desc`,
    );
    return rows.map(toActivity);
  },

  /** Writes a comment, or with kind 'system' a step of the task's history (userId: whose act, null: the system's). */
  async addActivity(
    exec: Executor,
    input: { taskId: string; userId: string | null; text: string; kind?: Activity['kind'] },
  ): Promise<Activity> {
    const [row] = await queryRows<ActivityRow>(
      exec,
      sql`with c as (
            insert into activities (task_id, user_id, text, kind, created_at)
            -- clock_timestamp, not now(): steps written in one transaction keep their order.
            values (${input.taskId}, ${input.userId}, ${input.text}, ${input.kind ?? 'comment'}, clock_timestamp())
            returning *)
          select ${ACTIVITY_COLUMNS} from c left join users u on u.id = c.user_id`,
    );
    return toActivity(row);
  },

  async insert(
    exec: Executor,
    values: {
      projectId: string;
      number: number;
      identifier: string;
      summary: string;
      description: string;
      reporterId: string;
      assigneeId: string | null;
      price: bigint | null;
      dueDate: Date | null;
      stage: TaskSummary['stage'];
      position: string;
    },
  ): Promise<{ id: string; identifier: string }> {
    const [row] = await statementRows<{ id: string; identifier: string }>(exec, INSERT_TASK, [
      values.projectId,
      values.number,
      values.identifier,
      values.summary,
      values.description,
      values.reporterId,
      values.assigneeId,
      values.price === null ? null : values.price.toString(),
      values.dueDate === null ? null : values.dueDate.toISOString(),
      values.stage,
      values.position,
    ]);
    return row;
  },

  /**
   * A stage move's write (the hot one of a board): stage, position and review deadline, and
   * updated_at from the wall clock as drizzle's `$onUpdate` sets it for `update` below.
   */
  async setStage(
    exec: Executor,
    taskId: string,
    next: { stage: TaskSummary['stage']; position: string; reviewDeadline: Date | null },
  ): Promise<void> {
    await statementRows(exec, SET_STAGE, [
      taskId,
      next.stage,
      next.position,
      next.reviewDeadline === null ? null : next.reviewDeadline.toISOString(),
      new Date().toISOString(),
    ]);
  },

  async update(exec: Executor, taskId: string, patch: Partial<typeof tasks.$inferInsert>): Promise<void> {
    if (Object.keys(patch).length > 0) await exec.update(tasks).set(patch).where(eq(tasks.id, taskId));
  },

  /** Spec §2: the project's reviews count is its completed tasks. */
  async countCompletion(exec: Executor, projectId: string): Promise<void> {
    await exec.execute(
      sql`update projects set cached_total_reviews = cached_total_reviews + 1 where id = ${projectId}`,
    );
  },

  /** What the funding guard needs to know about a task, as seen by a user (DESIGN §8 authority). */
  async fundingView(
    exec: Executor,
    target: { taskId: string } | { projectId: string },
    userId: string,
  ): Promise<{ ownerId: string; isMember: boolean; price: string | null; assigneeId: string | null } | null> {
    const from =
      'taskId' in target
        ? sql`tasks t join projects p on p.id = t.project_id where t.id = ${target.taskId}`
        : sql`projects p left join tasks t on false where p.id = ${target.projectId}`;
    const [row] = await queryRows<{
      owner_id: string;
      is_member: boolean;
      price: string | null;
      assignee_id: string | null;
    }>(
      exec,
      sql`select p.owner_id, t.price::text as price, t.assignee_id,
            exists (select 1 from project_members m where m.project_id = p.id and m.user_id = ${userId}) as is_member
          from ${from}`,
    );
    return row
      ? { ownerId: row.owner_id, isMember: row.is_member, price: row.price, assigneeId: row.assignee_id }
      : null;
  },

  /** The project and whether the user is on its team (the owner counts); null when there is no such project. */
  /** Every request in a project's workspace runs it first: prepared by name (db/raw.ts). */
  async projectStanding(exec: Executor, projectId: string, userId: string): Promise<ProjectStandingRow | null> {
    const [row] = await statementRows<ProjectStandingRow>(exec, PROJECT_ACCESS, [userId, projectId]);
    return row ?? null;
  },

  /** The ids of everyone on the team, owner included; every task write runs it after its transaction. */
  async projectMemberIds(exec: Executor, projectId: string): Promise<string[]> {
    const rows = await statementRows<{ user_id: string }>(exec, MEMBER_IDS, [projectId]);
    return rows.map((r) => r.user_id);
  },

  async projectOwnerId(exec: Executor, projectId: string): Promise<string | null> {
    const [row] = await queryRows<{ owner_id: string }>(
      exec,
      sql`select owner_id from projects where id = ${projectId}`,
    );
    return row?.owner_id ?? null;
  },

  async personName(exec: Executor, userId: string): Promise<string> {
    const [row] = await queryRows<{ name: string }>(
      exec,
      sql`select trim(first_name || ' ' || last_name) as name from users where id = ${userId}`,
    );
    return row?.name ?? 'a former user';
  },

  /** Identifiers of the tasks a user is assigned to in a project and that are not Complete. */
  async openAssignments(exec: Executor, projectId: string, userId: string): Promise<string[]> {
    const rows = await queryRows<{ identifier: string }>(
      exec,
      sql`select identifier from tasks where project_id = ${projectId} and assignee_id = ${userId}
          and stage <> 'Complete' order by number`,
    );
    return rows.map((r) => r.identifier);
  },
};

type ActivityRow = {
  id: string;
  task_id: string;
  user_id: string | null;
  name: string | null;
  text: string;
  kind: Activity['kind'];
  created_at: Date | string;
};

const ACTIVITY_COLUMNS = sql.raw(
  `c.id, c.task_id, c.user_id, trim(u.first_name || ' ' || u.last_name) as name, c.text, c.kind, c.created_at`,
);

/** The name shown for the system's own steps (an auto-release has no person behind it). */
export const SYSTEM_NAME = 'DevMarket';

const toActivity = (c: ActivityRow): Activity => ({
  id: c.id,
  taskID: c.task_id,
  userID: c.user_id,
  name: c.name ?? SYSTEM_NAME,
  text: c.text,
  kind: c.kind,
  createdAt: iso(c.created_at),
});
