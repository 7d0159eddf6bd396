/**
 * API benchmark: our server against a bare Fastify + `pg` handler running the same SQL, side by
 * side in one run, on PostgreSQL with the seed-scale data (docs/performance.md).
 *
 *   psql -h 127.0.0.1 -U postgres -c 'create database bench'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run cli -- seed-scale --users 100000
 *   npx tsx bench/api.ts [--db URL] [--connections 200] [--duration 10] [--rounds 3] [--only tasks,balance] [--trace]
 *
 * Each server runs in its own process (autocannon in this one), with a pool of 10 connections.
 * For each endpoint: a warm-up of each, then `rounds` alternating runs of `duration` seconds
 * (ours then bare, bare then ours, …); the table shows medians and the ratio of each round.
 * --trace prints the SQL our server runs for one request of each endpoint (what the bare handlers copy).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Actor, DEFAULT_DB, prepareActors } from './api-setup';

const argv = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (!a.startsWith('--')) continue;
  const next = process.argv[i + 1];
  if (next && !next.startsWith('--')) {
    argv.set(a.slice(2), next);
    i++;
  } else argv.set(a.slice(2), 'true');
}
const DB = argv.get('db') ?? process.env.DATABASE_URL ?? DEFAULT_DB;
const CONNECTIONS = Number(argv.get('connections') ?? 200);
const DURATION = Number(argv.get('duration') ?? 10);
const WARMUP = Number(argv.get('warmup') ?? 3);
const ROUNDS = Number(argv.get('rounds') ?? 3);
const ONLY = argv.get('only')?.split(',');
const HERE = path.dirname(fileURLToPath(import.meta.url));

const SEARCH_WORDS = [
  'payments',
  'react',
  'acme dash',
  'booking app',
  'kubernetes',
  'globex',
  'billing portal',
  'chat',
];
const TALENT_WORDS = ['ada', 'backend', 'react', 'hopper', 'devops engineer', 'linus', 'data', 'kubernetes'];
const STAGES = ['ToDo', 'In Progress', 'Review'] as const;

type Req = { method: 'GET' | 'POST'; path: string; body?: unknown; token?: string };
export type Endpoint = { name: string; label: string; write?: boolean; make: (a: Actor, n: number) => Req };

const pick = <T>(list: readonly T[], n: number) => list[n % list.length];

export const endpoints: Endpoint[] = [
  {
    name: 'listing',
    label: 'GET /projects/public?page=N',
    make: (_a, n) => ({ method: 'GET', path: `/api/v1/projects/public?page=${1 + (n % 50)}` }),
  },
  {
    name: 'search',
    label: 'POST /projects/search',
    make: (_a, n) => ({ method: 'POST', path: '/api/v1/projects/search', body: { query: pick(SEARCH_WORDS, n) } }),
  },
  {
    name: 'tasks',
    label: 'GET /project/{id}/tasks',
    make: (a) => ({ method: 'GET', path: `/api/v1/project/${a.projectId}/tasks`, token: a.token }),
  },
  {
    name: 'messages',
    label: 'GET /threads/{id}/messages',
    make: (a) => ({ method: 'GET', path: `/api/v1/threads/${a.threadId}/messages`, token: a.token }),
  },
  {
    name: 'balance',
    label: 'GET /user/balance',
    make: (a) => ({ method: 'GET', path: '/api/v1/user/balance', token: a.token }),
  },
  {
    name: 'create-task',
    label: 'POST /tasks',
    write: true,
    make: (a, n) => ({
      method: 'POST',
      path: '/api/v1/tasks',
      token: a.token,
      body: { projectID: a.projectId, summary: `Benchmark task ${n}`, description: 'Made by bench/api.ts' },
    }),
  },
  {
    name: 'send-message',
    label: 'POST /threads/{id}/messages',
    write: true,
    make: (a, n) => ({
      method: 'POST',
      path: `/api/v1/threads/${a.threadId}/messages`,
      token: a.token,
      body: { text: `Benchmark message ${n}` },
    }),
  },
  {
    name: 'stage-move',
    label: 'POST /tasks/{id}/stage',
    write: true,
    make: (a, n) => ({
      method: 'POST',
      path: `/api/v1/tasks/${pick(a.taskIds, n >> 3)}/stage`,
      token: a.token,
      body: { stage: pick(STAGES, n) },
    }),
  },
  {
    name: 'talent',
    label: 'POST /users/talent/search',
    make: (a, n) => ({
      method: 'POST',
      path: '/api/v1/users/talent/search',
      token: a.token,
      body: { query: pick(TALENT_WORDS, n), page: 1 + (n % 3) },
    }),
  },
];

function startServer(kind: 'ours' | 'bare'): Promise<{ port: number; proc: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'api-servers.ts'), kind, DB], {
      stdio: ['ignore', 'pipe', 'inherit'],
      // Each server's connections carry its name (pg reads PGAPPNAME): pg_stat_activity's
      // application_name tells which one waits on what during a round (docs/performance.md).
      env: { ...process.env, NODE_ENV: 'production', PGAPPNAME: kind },
    });
    let out = '';
    proc.stdout?.on('data', (d) => {
      out += d;
      const m = out.match(/listening (\d+)/);
      if (m) resolve({ port: Number(m[1]), proc });
    });
    proc.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

type Result = {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  /** CPU time per answered request, in µs: the server's process, PostgreSQL's processes, this load generator. */
  cpu: CpuSplit;
};
type CpuSplit = { server: number; db: number; loader: number };

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); with `reaped`, also
 * what its children used that have exited and been waited for (cutime + cstime).
 */
function processCpu(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/**
 * CPU seconds of every PostgreSQL process on the machine (backends, WAL writer, autovacuum), and of
 * those that have exited: a backend that closes during a round takes its CPU time out of the live
 * processes' sum (the table once read negative), and the postmaster, which reaps it, gains it in its
 * children's time.
 */
function postgresCpu(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += processCpu(Number(pid), true);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * Where the CPU of a run went. Under 200 connections on 2 cores every process competes for the
 * same CPUs, so req/s moves by 10–25 points between rounds; CPU time per request does not depend
 * on who got scheduled, and tells which side (the server, the database, the load) a difference is on.
 */
function cpuMeter(serverPid: number) {
  const start = { server: processCpu(serverPid), db: postgresCpu(), loader: process.cpuUsage() };
  return (requests: number): CpuSplit => {
    const loader = process.cpuUsage(start.loader);
    const per = (seconds: number) => (requests ? (seconds * 1e6) / requests : 0);
    return {
      server: per(processCpu(serverPid) - start.server),
      db: per(postgresCpu() - start.db),
      loader: per((loader.user + loader.system) / 1e6),
    };
  };
}

/** Each figure is the median over the rounds (rps, p50 and p99 taken separately). */
function median(results: Result[]): Result {
  const mid = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  return {
    rps: mid(results.map((r) => r.rps)),
    p50: mid(results.map((r) => r.p50)),
    p99: mid(results.map((r) => r.p99)),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    total: results.reduce((n, r) => n + r.total, 0),
    cpu: {
      server: mid(results.map((r) => r.cpu.server)),
      db: mid(results.map((r) => r.cpu.db)),
      loader: mid(results.map((r) => r.cpu.loader)),
    },
  };
}

/** autocannon's `setupRequest` for an endpoint: request n acts as actor n mod the actor count. */
export function requestsFor(ep: Endpoint, actors: Actor[], seed: number) {
  let n = seed;
  return (req: autocannon.Request): autocannon.Request => {
    n++;
    const r = ep.make(actors[n % actors.length], Math.floor(n / actors.length));
    const headers: Record<string, string> = {};
    if (r.token) headers.authorization = `Bearer ${r.token}`;
    if (r.body !== undefined) headers['content-type'] = 'application/json';
    const body = r.body === undefined ? undefined : JSON.stringify(r.body);
    return { ...req, method: r.method, path: r.path, headers, body };
  };
}

async function load(
  server: { port: number; proc: ChildProcess },
  ep: Endpoint,
  actors: Actor[],
  seconds: number,
  seed: number,
): Promise<Result> {
  const meter = cpuMeter(server.proc.pid ?? 0);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: requestsFor(ep, actors, seed) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
    cpu: meter(result.requests.total),
  };
}

/** Waits until no query of the benchmark database is running (a slow endpoint leaves a backlog). */
async function drain() {
  const client = new pg.Client({ connectionString: DB });
  await client.connect();
  try {
    for (let i = 0; i < 240; i++) {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
      );
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

async function check(port: number, ep: Endpoint, actor: Actor): Promise<string> {
  const r = ep.make(actor, 1);
  const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
    method: r.method,
    headers: {
      ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
      ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: r.body === undefined ? undefined : JSON.stringify(r.body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${ep.label} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

async function main() {
  if (argv.has('trace')) {
    const { trace } = await import('./api-servers');
    await trace(DB, endpoints, (await prepareActors(DB))[0]);
    return;
  }
  const actors = await prepareActors(DB);
  const ours = await startServer('ours');
  const bare = await startServer('bare');
  const rows: { ep: Endpoint; ours: Result; bare: Result; ratios: number[] }[] = [];
  const servers = { ours, bare };
  try {
    for (const ep of endpoints) {
      if (ONLY && !ONLY.includes(ep.name)) continue;
      const a = await check(ours.port, ep, actors[0]);
      const b = await check(bare.port, ep, actors[0]);
      if (!ep.write && JSON.stringify(JSON.parse(a)).length !== JSON.stringify(JSON.parse(b)).length) {
        console.warn(`note: ${ep.name} answers differ in size (ours ${a.length} B, bare ${b.length} B)`);
      }
      for (const kind of ['ours', 'bare'] as const) {
        await load(servers[kind], ep, actors, WARMUP, 0);
        await drain();
      }
      // Rounds alternate which server goes first (ours–bare, bare–ours, …) so that drift of the
      // machine (another process, PostgreSQL's caches, the writes' growing tables) hits both alike.
      const runs: Record<'ours' | 'bare', Result[]> = { ours: [], bare: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
        for (const kind of order) {
          runs[kind].push(await load(servers[kind], ep, actors, DURATION, (round + 1) * 1_000_000));
          await drain();
        }
      }
      const o = median(runs.ours);
      const f = median(runs.bare);
      const ratios = runs.ours.map((r, i) => (runs.bare[i].rps ? r.rps / runs.bare[i].rps : 0));
      rows.push({ ep, ours: o, bare: f, ratios });
      console.error(
        `${ep.name}: ours ${runs.ours.map((r) => r.rps.toFixed(0)).join('/')} req/s; bare ${runs.bare.map((r) => r.rps.toFixed(0)).join('/')} req/s; errors ${o.errors}/${f.errors}, non-2xx ${o.non2xx}/${f.non2xx}`,
      );
    }
  } finally {
    ours.proc.kill('SIGTERM');
    bare.proc.kill('SIGTERM');
  }
  const fmt = (x: number) => x.toFixed(0);
  console.log(
    `\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s per endpoint and server (medians), ${new Date().toISOString()}, node ${process.version}\n`,
  );
  console.log(
    '| endpoint | req/s ours | req/s bare | ratio | ratio per round | p50 ours | p99 ours | p50 bare | p99 bare | timeouts ours / bare |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.ep.label} | ${fmt(r.ours.rps)} | ${fmt(r.bare.rps)} | ${r.bare.rps ? ((100 * r.ours.rps) / r.bare.rps).toFixed(0) : '–'} % | ${r.ratios.map((x) => (100 * x).toFixed(0)).join(', ')} | ${r.ours.p50} ms | ${r.ours.p99} ms | ${r.bare.p50} ms | ${r.bare.p99} ms | ${r.ours.errors} / ${r.bare.errors} |`,
    );
  }
  console.log('\nCPU time per request (µs, medians over the rounds; PostgreSQL: all its processes on the machine):\n');
  console.log(
    '| endpoint | server ours | server bare | ours / bare | PostgreSQL ours | PostgreSQL bare | load ours | load bare | total ours / bare |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const [o, b] = [r.ours.cpu, r.bare.cpu];
    const total = (c: CpuSplit) => c.server + c.db + c.loader;
    console.log(
      `| ${r.ep.label} | ${fmt(o.server)} | ${fmt(b.server)} | ${(o.server / b.server).toFixed(2)}× | ${fmt(o.db)} | ${fmt(b.db)} | ${fmt(o.loader)} | ${fmt(b.loader)} | ${(total(o) / total(b)).toFixed(2)}× |`,
    );
  }
}

// bench/profile.ts imports the endpoints without running the benchmark.
if (process.argv[1]?.endsWith('api.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
