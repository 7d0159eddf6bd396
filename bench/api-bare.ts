/**
 * The floor of bench/api.ts: Fastify with no plugins, no validation and no response schemas, and
 * `pg` running the SQL our endpoints run (the texts `npx tsx bench/api.ts --trace` prints), in the
 * same order and transactions, answering the rows as JSON. Only the happy path: no error mapping.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { positionBefore } from '../packages/contract/src/tasks';
// Our own statements (name and text) where ours prepares by name, so the two cannot drift apart.
import { idArray } from '../apps/server/src/db/raw';
import { SESSION_LOOKUP } from '../apps/server/src/modules/auth/sessions.repo';
import { ENQUEUE } from '../apps/server/src/modules/jobs/jobs.repo';
import { INSERT_MESSAGE, MOVE_LAST_MESSAGE } from '../apps/server/src/modules/messages/threads.repo';
import { LISTING_FIGURES } from '../apps/server/src/modules/projects/projects.repo';
import { NOTIFY } from '../apps/server/src/modules/realtime/event-bus';
import { INSERT_TASK, SET_STAGE, SUMMARY_TEXT } from '../apps/server/src/modules/tasks/tasks.repo';
import { SUBSCRIBED } from '../apps/server/src/modules/webhooks/webhooks.repo';
import { CLIENT_STANDINGS } from '../apps/server/src/modules/reviews/reviews.repo';
import { REPUTATION_PAID, REPUTATION_RATINGS, REPUTATION_TAGS } from '../apps/server/src/modules/users/reputation.repo';
import { USERS_BY_IDS } from '../apps/server/src/modules/users/users.repo';

/** MIN_REPUTATION_PRICE's default (DESIGN §19), micro-USDT, as the app's reputation reads pass it. */
const FLOOR = '5000000';

const PROJECT_COLUMNS = `"id", "handle", "key", "name", "company", "description", "short_description", "image", "tags", "owner_id", "visibility", "verified_at", "featured_at", "cached_total_spent", "cached_total_reviews", "task_seq", "created_at", "updated_at"`;

// Statements ours prepares by name (db/raw.ts), under the same names here.
const ACCESS = {
  name: 'project_access',
  text: `select p.id, p.owner_id, p.key, p.name, p.handle, p.visibility,
          (p.owner_id = $1 or exists (
            select 1 from project_members m where m.project_id = p.id and m.user_id = $1
          )) as is_member
        from projects p where p.id = $2`,
};
const MEMBER_IDS = {
  name: 'project_member_ids',
  text: `select user_id from project_members where project_id = $1
        union select owner_id from projects where id = $1`,
};
const TASKS_LIST = {
  name: 'tasks_list_by_project',
  text: `select ${SUMMARY_TEXT}
          from tasks t left join users a on a.id = t.assignee_id
          where t.project_id = $1
          order by t.position collate "C", t.number desc`,
};
const TASK_SUMMARY = {
  name: 'tasks_summary_by_id',
  text: `select ${SUMMARY_TEXT} from tasks t left join users a on a.id = t.assignee_id where t.id = $1`,
};
const PROJECT_OF_TASK = { name: 'tasks_project_of', text: 'select project_id from tasks where id = $1' };
const LOCK_PROJECT = {
  name: 'tasks_lock_project',
  text: 'select owner_id from projects where id = $1 for no key update',
};
const LOCK_TASK = {
  name: 'tasks_lock',
  text: `select t.id, t.project_id, t.identifier, t.summary, t.assignee_id, t.price::text as price, t.stage,
            t.review_deadline::text as review_deadline,
            (select d.id from disputes d where d.task_id = t.id and d.status = 'Open') as open_dispute_id
          from tasks t where t.id = $1 for update of t`,
};
const NEXT_NUMBER = {
  name: 'tasks_next_number',
  text: 'update projects set task_seq = task_seq + 1 where id = $1 returning task_seq, key',
};
const firstPosition = (n: number) => ({
  name: `tasks_first_position_${n}`,
  text: `select min(position collate "C") as first from tasks
          where project_id = $1 and stage in (${Array.from({ length: n }, (_, k) => `$${k + 2}`).join(', ')})`,
});
const FIRST_POSITION_1 = firstPosition(1);
const FIRST_POSITION_2 = firstPosition(2);
const PARTICIPANTS = {
  name: 'thread_participants',
  text: `select id, user1_id as "user1Id", user2_id as "user2Id" from threads
          where id = $1 and (user1_id = $2 or user2_id = $2)`,
};
const MESSAGES_NEWEST = {
  name: 'thread_messages_newest',
  text: `select m.id, m.thread_id as "threadID", m.user_id as "userID", m.text, m.type,
            m.project_id as "projectID", p.handle as "projectHandle", p.name as "projectName",
            to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
          from messages m left join projects p on p.id = m.project_id
          where m.thread_id = $1 
          order by m.created_at desc, m.id desc
          limit $2`,
};

type Named = { name: string; text: string };
type Q = (text: string | Named, values?: unknown[]) => Promise<pg.QueryResult>;

export function bareRoutes(app: FastifyInstance, pool: pg.Pool) {
  const q: Q = (text, values) =>
    typeof text === 'string' ? pool.query(text, values) : pool.query({ ...text, values });
  const user = async (req: FastifyRequest) => {
    const token = req.headers.authorization?.slice(7) ?? '';
    const hash = createHash('sha256').update(token).digest('hex');
    // Array rows, as drizzle reads a select (users.id and sessions.id share a name).
    // Ours compares the expiry with its own clock (ctx.now()), so it passes the time.
    const { rows } = await pool.query({
      ...SESSION_LOOKUP,
      values: [hash, new Date().toISOString()],
      rowMode: 'array',
    });
    return rows[0] ? { id: rows[0][0] as string } : undefined;
  };
  /** BEGIN … COMMIT on one client, like drizzle's transaction. */
  const tx = async <T>(work: (q: Q) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const out = await work((text, values) =>
        typeof text === 'string' ? client.query(text, values) : client.query({ ...text, values }),
      );
      await client.query('commit');
      return out;
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  };
  const notify = (payload: unknown) => q(NOTIFY, ['app_events', JSON.stringify(payload)]);
  const body = (req: FastifyRequest) => req.body as Record<string, string>;
  const params = (req: FastifyRequest) => req.params as { id: string };
  const unauthorized = (reply: FastifyReply) => reply.code(401).send({ message: 'Please log in to continue' });

  /** What our listing cards add to the project rows (projects.repo listingFigures, reviews.repo clientStandings), in parallel. */
  const cards = async (rows: { id: string; owner_id: string }[]) => {
    if (!rows.length) return rows;
    const owners = [...new Set(rows.map((r) => r.owner_id))];
    const [figures, clients] = await Promise.all([
      pool.query({ ...LISTING_FIGURES, values: [idArray(rows.map((r) => r.id))] }),
      pool.query({ ...CLIENT_STANDINGS, values: [idArray(owners), new Date().toISOString(), FLOOR] }),
    ]);
    const f = new Map(figures.rows.map((r) => [r.id, r]));
    const c = new Map(clients.rows.map((r) => [r.id, r]));
    return rows.map((r) => ({ ...r, figures: f.get(r.id), client: c.get(r.owner_id) }));
  };

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
    return { projects: await cards(rows.rows), pages: Math.max(1, Math.ceil(Number(count.rows[0].count) / 12)) };
  });

  app.post('/api/v1/projects/search', async (req) => {
    const words = (
      body(req)
        .query.toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? []
    ).slice(0, 8);
    const tsq = words.map((w) => `${w}:*`).join(' & ');
    // projects.repo search: the matches among the newest 2,000 public projects, else all matches by key.
    const windowed = await q(
      `select id from (
            select id, created_at, search, tags from "projects" where "projects"."visibility" = $1
            order by created_at desc, id desc limit $2
          ) as projects where "projects"."search" @@ to_tsquery('english', $3)`,
      ['Public', 2000, tsq],
    );
    const order = `order by ts_rank("projects"."search", to_tsquery('english', $TSQ)) desc, "projects"."created_at" desc, "projects"."id" desc limit $LIMIT`;
    let rows: pg.QueryResult;
    if (windowed.rows.length >= 48) {
      rows = await q(
        `select ${PROJECT_COLUMNS} from "projects" where "projects"."id" = any($1::uuid[]) ${order.replace('$TSQ', '$2').replace('$LIMIT', '$3')}`,
        [idArray(windowed.rows.map((r) => r.id)), tsq, 48],
      );
    } else {
      rows = await q(
        `select ${PROJECT_COLUMNS} from "projects" where "projects"."id" = any(array(select id from "projects" where "projects"."visibility" = $1 and "projects"."search" @@ to_tsquery('english', $2))) ${order.replace('$TSQ', '$3').replace('$LIMIT', '$4')}`,
        ['Public', tsq, tsq, 48],
      );
    }
    return cards(rows.rows);
  });

  app.post('/api/v1/users/talent/search', async (req, reply) => {
    if (!(await user(req))) return unauthorized(reply);
    const { query, page } = req.body as { query: string; page: number };
    // users.repo searchTalent: each word a prefix (or a tag it names), window first, else all matches.
    const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const args: unknown[] = [];
    // Open tags (DESIGN §19): any word may name a tag; keys are lower-cased.
    const conds = words.map((w) => {
      args.push(`${w}:*`, w);
      return `("users"."search" @@ to_tsquery('english', $ARG${args.length - 1}) or "users"."tag_keys" && array[$ARG${args.length}]::text[])`;
    });
    const listed = `"users"."type" = 'Developer' and "users"."review_status" = 'approved' and "users"."email_verified_at" is not null`;
    const order = 'featured_at desc nulls last, created_at desc, id';
    const offset = (page - 1) * 12;
    const searchCap = (page + 1) * 12;
    const match = (shift: number) => conds.join(' and ').replace(/\$ARG(\d+)/g, (_, k) => `$${Number(k) + shift}`);
    const windowed = await q(
      `select id from (
              select id, featured_at, created_at, search, tag_keys, location from "users"
              where ${listed} order by ${order} limit $1
            ) as users where ${match(1)} order by ${order} limit $${args.length + 2}`,
      [2000 * page, ...args, searchCap],
    );
    let ids: string[];
    let n: number;
    if (windowed.rows.length >= searchCap) {
      n = searchCap;
      ids = windowed.rows.slice(offset, offset + 12).map((r) => r.id);
    } else {
      const { rows } = await q(
        `with m as materialized (
                select id, featured_at, created_at from "users" where ${listed} and ${match(0)}
              ), c as (select count(*)::int as n from m)
              select c.n, p.id from c left join lateral (
                select id from m order by ${order} limit $${args.length + 1} offset $${args.length + 2}
              ) p on true`,
        [...args, 12, offset],
      );
      n = rows[0]?.n ?? 0;
      ids = rows.flatMap((r) => (r.id ? [r.id] : []));
    }
    if (!ids.length) return { users: [], pages: Math.max(1, Math.ceil(n / 12)) };
    // Prepared under our name (users.repo findByIds).
    const found = await pool.query({ ...USERS_BY_IDS, values: [idArray(ids)] });
    // users/reputation.repo reputationOf: three queries, one after the other.
    const ratings = await pool.query({
      ...REPUTATION_RATINGS,
      values: [idArray(ids), new Date().toISOString(), FLOOR],
    });
    const tags = await pool.query({ ...REPUTATION_TAGS, values: [idArray(ids), new Date().toISOString(), FLOOR] });
    const paid = await pool.query({ ...REPUTATION_PAID, values: [idArray(ids), FLOOR] });
    // Each card carries its own reputation rows, as ours does (not every card all twelve's).
    const own = (rows: { id: string }[], id: string) => rows.filter((r) => r.id === id);
    return {
      users: found.rows.map((u) => ({
        ...u,
        ratings: own(ratings.rows, u.id),
        tags: own(tags.rows, u.id),
        paid: own(paid.rows, u.id),
      })),
      pages: Math.max(1, Math.ceil(n / 12)),
    };
  });

  app.get('/api/v1/project/:id/tasks', async (req, reply) => {
    const me = await user(req);
    if (!me) return unauthorized(reply);
    await q(ACCESS, [me.id, params(req).id]);
    const { rows } = await q(TASKS_LIST, [params(req).id]);
    return rows;
  });

  app.get('/api/v1/threads/:id/messages', async (req, reply) => {
    const me = await user(req);
    if (!me) return unauthorized(reply);
    const id = params(req).id;
    await q(PARTICIPANTS, [id, me.id]);
    const { rows } = await q(MESSAGES_NEWEST, [id, 50]);
    return rows.reverse();
  });

  app.get('/api/v1/user/balance', async (req, reply) => {
    const me = await user(req);
    if (!me) return unauthorized(reply);
    // Prepared under our name (modules/ledger/balances.ts).
    const { rows } = await pool.query({
      name: 'ledger_user_balances',
      text: 'select kind, balance::text as balance from ledger_accounts where user_id = $1',
      values: [me.id],
    });
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
      await t(LOCK_PROJECT, [b.projectID]);
      const access = (await t(ACCESS, [me.id, b.projectID])).rows[0];
      const next = (await t(NEXT_NUMBER, [access.id])).rows[0];
      const { rows } = await t(INSERT_TASK, [
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
      ]);
      // Ours asks which webhooks listen to the event in the same transaction (DESIGN §16).
      await t(SUBSCRIBED, [access.id, 'task.created']);
      return rows[0];
    });
    const summary = (await q(TASK_SUMMARY, [created.id])).rows[0];
    const members = await q(MEMBER_IDS, [b.projectID]);
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
      const thread = (await t(PARTICIPANTS, [id, me.id])).rows[0];
      const message = (await t(INSERT_MESSAGE, [id, me.id, text, 'text', null])).rows[0];
      await t(MOVE_LAST_MESSAGE, [id, text.slice(0, 300), message.id, me.id]);
      // The recipient's message digest (notifications.service), ten minutes after the message.
      const recipient = thread.user1Id === me.id ? thread.user2Id : thread.user1Id;
      const cutoff = new Date(new Date(message.createdAt).getTime() + 1);
      await t(ENQUEUE, [
        'message-digest',
        JSON.stringify({ userId: recipient, cutoff: cutoff.toISOString() }),
        new Date(cutoff.getTime() + 10 * 60_000).toISOString(),
        `message-digest:${recipient}`,
      ]);
      return { thread, message };
    });
    await notify({ type: 'message', userIds: [thread.user1Id, thread.user2Id], data: { threadID: id, message } });
    return message;
  });

  app.post('/api/v1/tasks/:id/stage', async (req, reply) => {
    const me = await user(req);
    if (!me) return unauthorized(reply);
    const id = params(req).id;
    const stage = body(req).stage;
    const projectId = await tx(async (t) => {
      const owner = (await t(PROJECT_OF_TASK, [id])).rows[0];
      await t(LOCK_PROJECT, [owner.project_id]);
      const row = (await t(LOCK_TASK, [id])).rows[0];
      await t(ACCESS, [me.id, row.project_id]);
      if (row.stage === stage) return row.project_id as string;
      const column = stage === 'ToDo' ? ['ToDo', 'Unassigned'] : [stage];
      const first = (await t(column.length === 1 ? FIRST_POSITION_1 : FIRST_POSITION_2, [row.project_id, ...column]))
        .rows[0]?.first;
      const position = positionBefore(first ?? null);
      await t(SET_STAGE, [id, stage, position, null, new Date().toISOString()]);
      await t(SUBSCRIBED, [row.project_id, 'task.stage_changed']);
      return row.project_id as string;
    });
    const task = (await q(TASK_SUMMARY, [id])).rows[0];
    const members = await q(MEMBER_IDS, [projectId]);
    await notify({ type: 'task', userIds: members.rows.map((r) => r.user_id), data: { projectID: projectId, task } });
    return task;
  });
}
