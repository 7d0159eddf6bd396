import { TAGS } from '@devmarket/contract';
/**
 * The floor of bench/api.ts: Fastify with no plugins, no validation and no response schemas, and
 * `pg` running the SQL our endpoints run (the texts `npx tsx bench/api.ts --trace` prints), in the
 * same order and transactions, answering the rows as JSON. Only the happy path: no error mapping.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { positionBefore } from '../packages/contract/src/tasks';

const USER_COLUMNS = [
  'id',
  'type',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'tos',
  'email_verified_at',
  'review_status',
  'is_staff',
  'username',
  'title',
  'description',
  'location',
  'timezone',
  'tags',
  'about',
  'profile',
  'image',
  'github',
  'linkedin',
  'cached_tasks_completed',
  'endorsements',
  'featured_at',
  'created_at',
  'updated_at',
];

/** Our session lookup (src/plugins/auth.ts), as drizzle writes it, prepared under the same name. */
const AUTH_SQL = `select ${USER_COLUMNS.map((c) => `"users"."${c}"`).join(', ')}, "sessions"."id" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $1 and "sessions"."revoked_at" is null and "sessions"."expires_at" > now()) limit $2`;

const PROJECT_COLUMNS = `"id", "handle", "key", "name", "company", "description", "short_description", "image", "tags", "owner_id", "visibility", "verified_at", "featured_at", "cached_total_spent", "cached_total_reviews", "task_seq", "created_at", "updated_at"`;

const SUMMARY_COLUMNS = `t.id, t.identifier, t.project_id, t.summary, t.assignee_id, t.price::text as price,
  t.due_date, t.stage, t.position,
  case when a.id is null then null else json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name,
    'image', a.image, 'username', a.username) end as assignee`;

const ACCESS_SQL = `select p.id, p.owner_id, p.key, p.name, p.handle, p.visibility,
          (p.owner_id = $1 or exists (
            select 1 from project_members m where m.project_id = p.id and m.user_id = $2
          )) as is_member
        from projects p where p.id = $3`;

const MEMBER_IDS_SQL = `select user_id from project_members where project_id = $1
        union select owner_id from projects where id = $2`;

type Q = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

export function bareRoutes(app: FastifyInstance, pool: pg.Pool) {
  const q: Q = (text, values) => pool.query(text, values);
  const user = async (req: FastifyRequest) => {
    const token = req.headers.authorization?.slice(7) ?? '';
    const hash = createHash('sha256').update(token).digest('hex');
    // Array rows, as drizzle reads a select (users.id and sessions.id share a name).
    const { rows } = await pool.query({
      name: 'auth_session_lookup',
      text: AUTH_SQL,
      values: [hash, 1],
      rowMode: 'array',
    });
    return rows[0] ? { id: rows[0][0] as string } : undefined;
  };
  /** BEGIN … COMMIT on one client, like drizzle's transaction. */
  const tx = async <T>(work: (q: Q) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const out = await work((text, values) => client.query(text, values));
      await client.query('commit');
      return out;
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  };
  const notify = (payload: unknown) => q('select pg_notify($1, $2)', ['app_events', JSON.stringify(payload)]);
  const body = (req: FastifyRequest) => req.body as Record<string, string>;
  const params = (req: FastifyRequest) => req.params as { id: string };
  const unauthorized = (reply: FastifyReply) => reply.code(401).send({ message: 'Please log in to continue' });

  app.get('/api/v1/projects/public', async (req) => {
    const page = Number((req.query as { page?: string }).page ?? 1);
    // Prepared under the names our listing uses (projects.repo.ts).
    const [rows, count] = await Promise.all([
      pool.query({
        name: 'projects_list_public',
        text: `select ${PROJECT_COLUMNS} from "projects" where "projects"."visibility" = $1 order by "projects"."created_at" desc, "projects"."id" desc limit $2 offset $3`,
        values: ['Public', 12, (page - 1) * 12],
      }),
      pool.query({
        name: 'projects_count_public',
        text: `select count(*) from (select 1 from "projects" where "projects"."visibility" = $1 limit $2) "capped"`,
        values: ['Public', (page + 20) * 12],
      }),
    ]);
    return { projects: rows.rows, pages: Math.max(1, Math.ceil(Number(count.rows[0].count) / 12)) };
  });

  app.post('/api/v1/projects/search', async (req) => {
    const words = (
      body(req)
        .query.toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? []
    ).slice(0, 8);
    const tsq = words.map((w) => `${w}:*`).join(' & ');
    const { rows } = await q(
      `select ${PROJECT_COLUMNS} from "projects" where ("projects"."visibility" = $1 and "projects"."search" @@ to_tsquery('english', $2)) order by ts_rank("projects"."search", to_tsquery('english', $3)) desc, "projects"."created_at" desc limit $4`,
      ['Public', tsq, tsq, 48],
    );
    return rows;
  });

  app.post('/api/v1/users/talent/search', async (req, reply) => {
    if (!(await user(req))) return unauthorized(reply);
    const { query, page } = req.body as { query: string; page: number };
    const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const tag = TAGS.find((t) => t.toLowerCase() === query.toLowerCase());
    const tsq = words.map((w) => `${w}:*`).join(' & ');
    const where = `"users"."type" = 'Developer' and "users"."review_status" = 'approved' and "users"."email_verified_at" is not null and ("users"."search" @@ to_tsquery('english', $1)${tag ? ` or "users"."tags" && array[$2]::text[]` : ''})`;
    const args = tag ? [tsq, tag] : [tsq];
    const n = args.length;
    const count = await q(`select count(*)::int as n from (select 1 from "users" where ${where} limit $${n + 1}) s`, [
      ...args,
      (page + 20) * 12,
    ]);
    const { rows } = await q(
      `select ${USER_COLUMNS.map((c) => `"${c}"`).join(', ')} from "users" where ${where} order by "users"."featured_at" desc nulls last, "users"."created_at" desc, "users"."id" limit $${n + 1} offset $${n + 2}`,
      [...args, 12, (page - 1) * 12],
    );
    return { users: rows, pages: Math.max(1, Math.ceil(count.rows[0].n / 12)) };
  });

  app.get('/api/v1/project/:id/tasks', async (req, reply) => {
    const me = await user(req);
    if (!me) return unauthorized(reply);
    await q(ACCESS_SQL, [me.id, me.id, params(req).id]);
    const { rows } = await q(
      `select ${SUMMARY_COLUMNS}
          from tasks t left join users a on a.id = t.assignee_id
          where t.project_id = $1
          order by t.position collate "C", t.number desc`,
      [params(req).id],
    );
    return rows;
  });

  app.get('/api/v1/threads/:id/messages', async (req, reply) => {
    const me = await user(req);
    if (!me) return unauthorized(reply);
    const id = params(req).id;
    await q(
      `select id, user1_id as "user1Id", user2_id as "user2Id" from threads
          where id = $1 and (user1_id = $2 or user2_id = $3)`,
      [id, me.id, me.id],
    );
    const { rows } = await q(
      `select m.id, m.thread_id as "threadID", m.user_id as "userID", m.text, m.type,
            m.project_id as "projectID", p.handle as "projectHandle", p.name as "projectName",
            to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
          from messages m left join projects p on p.id = m.project_id
          where m.thread_id = $1 
          order by m.created_at desc, m.id desc
          limit $2`,
      [id, 50],
    );
    return rows.reverse();
  });

  app.get('/api/v1/user/balance', async (req, reply) => {
    const me = await user(req);
    if (!me) return unauthorized(reply);
    const { rows } = await q(`select "kind", "balance" from "ledger_accounts" where "ledger_accounts"."user_id" = $1`, [
      me.id,
    ]);
    return {
      balance: rows.find((r) => r.kind === 'user_available')?.balance ?? '0',
      held: rows.find((r) => r.kind === 'user_held')?.balance ?? '0',
    };
  });

  app.post('/api/v1/tasks', async (req, reply) => {
    const me = await user(req);
    if (!me) return unauthorized(reply);
    const b = body(req);
    const created = await tx(async (t) => {
      const access = (await t(ACCESS_SQL, [me.id, me.id, b.projectID])).rows[0];
      const next = (
        await t('update projects set task_seq = task_seq + 1 where id = $1 returning task_seq, key', [access.id])
      ).rows[0];
      const { rows } = await t(
        `insert into "tasks" ("id", "project_id", "number", "identifier", "summary", "description", "reporter_id", "assignee_id", "price", "due_date", "stage", "position", "created_at", "updated_at", "completed_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, default, default, default) returning "id", "identifier"`,
        [
          access.id,
          next.task_seq,
          `${next.key}-${next.task_seq}`,
          b.summary,
          b.description ?? '',
          me.id,
          null,
          null,
          null,
          'Unassigned',
          'V',
        ],
      );
      return rows[0];
    });
    const summary = (
      await q(`select ${SUMMARY_COLUMNS} from tasks t left join users a on a.id = t.assignee_id where t.id = $1`, [
        created.id,
      ])
    ).rows[0];
    const members = await q(MEMBER_IDS_SQL, [b.projectID, b.projectID]);
    await notify({
      type: 'task',
      userIds: members.rows.map((r) => r.user_id),
      data: { projectID: b.projectID, task: summary },
    });
    return created;
  });

  app.post('/api/v1/threads/:id/messages', async (req, reply) => {
    const me = await user(req);
    if (!me) return unauthorized(reply);
    const id = params(req).id;
    const text = body(req).text;
    const { thread, message } = await tx(async (t) => {
      const thread = (
        await t(
          `select id, user1_id as "user1Id", user2_id as "user2Id" from threads
          where id = $1 and (user1_id = $2 or user2_id = $3)`,
          [id, me.id, me.id],
        )
      ).rows[0];
      const message = (
        await t(
          `insert into "messages" ("id", "thread_id", "user_id", "text", "type", "project_id", "created_at") values (default, $1, $2, $3, $4, $5, default) returning "id", "thread_id", "user_id", "text", "type", "project_id", "created_at"`,
          [id, me.id, text, 'text', null],
        )
      ).rows[0];
      const sentAt = '(select m.created_at from "messages" m where m.id = $2)';
      await t(
        `update "threads" set "last_message" = $1, "last_message_at" = ${sentAt}, "user1_read_at" = case when "threads"."user1_id" = $3 then ${sentAt.replace('$2', '$4')} else "threads"."user1_read_at" end, "user2_read_at" = case when "threads"."user2_id" = $5 then ${sentAt.replace('$2', '$6')} else "threads"."user2_read_at" end where "threads"."id" = $7`,
        [text.slice(0, 300), message.id, me.id, message.id, me.id, message.id, id],
      );
      return { thread, message };
    });
    await notify({ type: 'message', userIds: [thread.user1_id, thread.user2_id], data: { threadID: id, message } });
    return message;
  });

  app.post('/api/v1/tasks/:id/stage', async (req, reply) => {
    const me = await user(req);
    if (!me) return unauthorized(reply);
    const id = params(req).id;
    const stage = body(req).stage;
    const projectId = await tx(async (t) => {
      const row = (
        await t(
          `select id, project_id, identifier, assignee_id, price::text as price, stage
          from tasks where id = $1 for update`,
          [id],
        )
      ).rows[0];
      await t(ACCESS_SQL, [me.id, me.id, row.project_id]);
      if (row.stage === stage) return row.project_id as string;
      const column = stage === 'ToDo' ? ['ToDo', 'Unassigned'] : [stage];
      const first = (
        await t(
          `select min(position collate "C") as first from tasks
          where project_id = $1 and stage in (${column.map((_, i) => `$${i + 2}`).join(', ')})`,
          [row.project_id, ...column],
        )
      ).rows[0]?.first;
      const position = positionBefore(first ?? null);
      await t(
        `update "tasks" set "stage" = $1, "position" = $2, "completed_at" = $3, "updated_at" = now() where "tasks"."id" = $4`,
        [stage, position, null, id],
      );
      return row.project_id as string;
    });
    const task = (
      await q(`select ${SUMMARY_COLUMNS} from tasks t left join users a on a.id = t.assignee_id where t.id = $1`, [id])
    ).rows[0];
    const members = await q(MEMBER_IDS_SQL, [projectId, projectId]);
    await notify({ type: 'task', userIds: members.rows.map((r) => r.user_id), data: { projectID: projectId, task } });
    return task;
  });
}
