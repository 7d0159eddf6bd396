// Shared by bench/api.ts and its server processes: who the benchmark acts as, on the seed-scale data.
import { createHash } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_DB = 'postgres://postgres@127.0.0.1:5432/bench';

/** How many scale clients act at once (each has a session, owns a project and is in a thread). */
export const ACTORS = 200;

/** seed-scale's scale_uuid: md5 of the label with the version (4) and variant (8) digits set. */
const md5uuid = (label: string) => {
  const m = createHash('md5').update(label).digest('hex');
  const h = `${m.slice(0, 12)}4${m.slice(13, 16)}8${m.slice(17)}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export type Actor = { userId: string; token: string; projectId: string; threadId: string; taskIds: string[] };

/**
 * Actor j (2..ACTORS+1) is scale client 3j: owner of project j-1 (seed-scale: owner of project k is
 * client 3·(1 + k mod N/3)) and participant of thread j (users 3j and 3j+1). Sessions are inserted
 * with a known token; the first ten tasks of each project get their owner as assignee in ToDo so
 * stage moves do real work.
 */
export async function prepareActors(url: string): Promise<Actor[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ c: number }>(
      "select count(*)::int as c from users where email = 'scale1@example.com'",
    );
    if (rows[0].c === 0) throw new Error(`No scale data in ${url}: run npm run cli -- seed-scale --users 100000 first`);
    const actors: Actor[] = [];
    for (let j = 2; j < ACTORS + 2; j++) {
      const userId = md5uuid(`u${3 * j}`);
      const token = `bench-token-${3 * j}-0123456789abcdef0123456789abcdef`;
      const hash = createHash('sha256').update(token).digest('hex');
      await client.query(
        `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '30 days')
         on conflict (token_hash) do update set expires_at = excluded.expires_at, revoked_at = null`,
        [userId, hash],
      );
      const projectId = md5uuid(`p${j - 1}`);
      const owner = await client.query('select owner_id from projects where id = $1', [projectId]);
      if (owner.rows[0]?.owner_id !== userId) throw new Error(`project ${projectId} is not owned by ${userId}`);
      // Tasks an earlier run's POST /tasks added: without this, every run reads longer task lists.
      await client.query("delete from tasks where project_id = $1 and summary like 'Benchmark task %'", [projectId]);
      await client.query(
        'update projects set task_seq = (select coalesce(max(number), 0) from tasks where project_id = $1) where id = $1',
        [projectId],
      );
      // Tasks 1 and 2 are seed-scale's reviewed, Complete work (DESIGN §19's earned reputation):
      // a Complete task cannot move, and reassigning it would move someone's reputation.
      const tasks = await client.query<{ id: string }>(
        `update tasks set assignee_id = $2, stage = case when stage = 'Unassigned' then 'ToDo' else stage end
         where project_id = $1 and number between 3 and 12 and stage <> 'Complete' returning id`,
        [projectId, userId],
      );
      actors.push({ userId, token, projectId, threadId: md5uuid(`t${j}`), taskIds: tasks.rows.map((r) => r.id) });
    }
    // The digests (and their mails) an earlier run's messages queued for ten minutes later: left,
    // our server's job runner would send them in the middle of this run's measurements, a cost
    // of that earlier run's writes that bare never pays.
    await client.query(
      "delete from jobs where status = 'queued' and kind in ('message-digest', 'notification-mail', 'mail')",
    );
    return actors;
  } finally {
    await client.end();
  }
}
