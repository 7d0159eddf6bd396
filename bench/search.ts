/**
 * Search latency, one request at a time (docs/performance.md "Search speed"): project search,
 * talent search and matching (recommended talent and projects, DESIGN §17) on the seed-scale data,
 * each timed over HTTP against the real app.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_rep npm run cli -- seed-scale --users 100000
 *   npx tsx bench/search.ts [--db URL] [--runs 60] [--warmup 5] [--only matching]
 *
 * Prints p50 and p95 per query term and the number of results of its first page.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

const opt = (key: string, fallback: string) => {
  const i = process.argv.indexOf(`--${key}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DB = opt('db', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_rep');
const RUNS = Number(opt('runs', '60'));
const WARMUP = Number(opt('warmup', '5'));
/** `--only matching`: the cases whose label starts with it. */
const ONLY = opt('only', '');

type Case = {
  label: string;
  path: string;
  body?: unknown;
  auth?: boolean;
  /** A GET with this user's session (matching, DESIGN §17) instead of the POST search. */
  as?: string;
  count: (json: unknown) => number;
};

const projectCount = (json: unknown) => (json as unknown[]).length;
const talentCount = (json: unknown) => (json as { users: unknown[] }).users.length;

const PROJECT_TERMS = ['payments', 'react', 'booking dashboard', 'acme', 'kubernetes', 'platform 4242', 'zzzz'];
const TALENT_TERMS = ['karachi', 'react', 'ada', 'backend engineer', 'lovelace', 'torvalds 4711', 'devops', 'zzzz'];

const cases: Case[] = [
  ...PROJECT_TERMS.map((query) => ({
    label: `projects  "${query}"`,
    path: '/api/v1/projects/search',
    body: { query },
    count: projectCount,
  })),
  {
    label: 'projects  "react" by budget',
    path: '/api/v1/projects/search',
    body: { query: 'react', sort: 'budget' },
    count: projectCount,
  },
  ...TALENT_TERMS.map((query) => ({
    label: `talent    "${query}"`,
    path: '/api/v1/users/talent/search',
    body: { query },
    auth: true,
    count: talentCount,
  })),
  {
    label: 'talent    location "lisbon" + React',
    path: '/api/v1/users/talent/search',
    body: { location: 'lisbon', tags: ['React'] },
    auth: true,
    count: talentCount,
  },
  {
    label: 'talent    "react" page 3',
    path: '/api/v1/users/talent/search',
    body: { query: 'react', page: 3 },
    auth: true,
    count: talentCount,
  },
];

/**
 * Matching (DESIGN §17), GET with the caller's session: recommended talent for public projects of
 * the scale data (project k is owned by scale user 3(1 + k), for k below the client count) and
 * recommended projects for developers (scale users not divisible by 3).
 */
const listCount = (json: unknown) => (json as unknown[]).length;
const MATCH_PROJECTS = [2, 3, 5, 8, 13];
const MATCH_DEVELOPERS = [1, 2, 4, 1000, 77777];

/** The scale data's project k: its id (seed-scale derives ids from md5 of a label). */
const scaleProjectId = async (url: string, k: number) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from projects where handle = $1', [
      `scale-project-${k}`,
    ]);
    return rows[0].id;
  } finally {
    await client.end();
  }
};

/**
 * A public project tagged React alone (owned by scale user 3) and an approved developer tagged
 * React alone: the scale data gives everyone two or three tags. Added once, by SQL (the triggers
 * of migration 0014 index them like any row).
 */
async function oneTagFixtures(url: string): Promise<{ projectId: string; email: string }> {
  const email = 'bench-one-tag@example.com';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into projects (handle, key, name, company, description, tags, owner_id, visibility)
       select 'bench-one-tag', 'BENCHONE', 'One tag', 'Bench', 'A project with one common tag.', 'React', id, 'Public'
       from users where email = 'scale3@example.com' on conflict do nothing`,
    );
    await client.query(
      `insert into users (type, email, password_hash, first_name, tos, email_verified_at, review_status, verified_at, username, tags)
       select 'Developer', $1::text, 'x', 'One', true, now(), 'approved', now(), 'bench-one-tag', array['React']
       where not exists (select 1 from users where email = $1::text)`,
      [email],
    );
    return { projectId: await scaleProjectIdByHandle(client, 'bench-one-tag'), email };
  } finally {
    await client.end();
  }
}

async function scaleProjectIdByHandle(client: pg.Client, handle: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>('select id from projects where handle = $1', [handle]);
  return rows[0].id;
}

async function matchingCases(url: string): Promise<Case[]> {
  const out: Case[] = [];
  for (const k of MATCH_PROJECTS) {
    out.push({
      label: `matching  talent for project ${k}`,
      path: `/api/v1/projects/${await scaleProjectId(url, k)}/recommended-talent?limit=10`,
      as: `scale${3 * (1 + k)}@example.com`,
      count: listCount,
    });
  }
  for (const g of MATCH_DEVELOPERS) {
    out.push({
      label: `matching  projects for developer ${g}`,
      path: '/api/v1/projects/recommended?limit=10',
      as: `scale${g}@example.com`,
      count: listCount,
    });
  }
  // The slowest path, one tag: nobody can share two, so every match of a common tag is counted
  // and the whole one-tag tie group (~8,500 developers) is ranked by rating.
  const oneTag = await oneTagFixtures(url);
  out.push({
    label: 'matching  talent, one-tag project',
    path: `/api/v1/projects/${oneTag.projectId}/recommended-talent?limit=10`,
    as: 'scale3@example.com',
    count: listCount,
  });
  out.push({
    label: 'matching  projects, one-tag developer',
    path: '/api/v1/projects/recommended?limit=10',
    as: oneTag.email,
    count: listCount,
  });
  out.push({
    label: 'matching  talent, limit 20',
    path: `/api/v1/projects/${await scaleProjectId(url, 2)}/recommended-talent?limit=20`,
    as: 'scale9@example.com',
    count: listCount,
  });
  return out;
}

/**
 * The floor under every matching figure: an authenticated GET /user (session lookup and one
 * user row) through the same HTTP stack, timed beside them, so a loaded machine shows as such.
 */
const BASELINE: Case = {
  label: 'baseline  GET /user (auth, one row)',
  path: '/api/v1/user',
  as: 'scale3@example.com',
  count: () => 1,
};

/** A session for a scale user, inserted with a known token (seed-scale users have no tokens). */
async function benchToken(url: string, email = 'scale3@example.com'): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [email]);
    if (!rows[0]) throw new Error(`No scale data in ${url}: run npm run cli -- seed-scale --users 100000 first`);
    const token = `bench-search-${randomBytes(16).toString('hex')}`;
    const hash = createHash('sha256').update(token).digest('hex');
    await client.query(
      "insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')",
      [rows[0].id, hash],
    );
    return token;
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function main() {
  const token = await benchToken(DB);
  cases.unshift(BASELINE);
  if ('matching'.startsWith(ONLY) || ONLY.startsWith('matching')) cases.push(...(await matchingCases(DB)));
  // Sessions only for the cases that run: --only projects runs on a small seed-scale database too
  // (the matching cases act as developer 77777).
  const tokens = new Map<string, string>();
  for (const c of cases.filter((x) => x === BASELINE || x.label.startsWith(ONLY)))
    if (c.as && !tokens.has(c.as)) tokens.set(c.as, await benchToken(DB, c.as));
  const config = loadConfig({
    DATABASE_URL: DB,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-search-')),
    SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ databaseUrl: DB, dataDir: config.dataDir, poolSize: 4, migrate: false });
  const app = await buildApp({ config, database, closeDatabase: true, logger: false, webDist: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    console.log(`${RUNS} sequential requests per term (after ${WARMUP} warm-up), ${DB.replace(/\/\/.*@/, '//')}\n`);
    console.log(`${'query'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'results'.padStart(8)}`);
    const worst = { projects: 0, talent: 0, matching: 0 };
    for (const c of cases.filter((x) => x === BASELINE || x.label.startsWith(ONLY))) {
      const times: number[] = [];
      let results = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const started = performance.now();
        const res = c.as
          ? await fetch(`${base}${c.path}`, { headers: { authorization: `Bearer ${tokens.get(c.as)}` } })
          : await fetch(`${base}${c.path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...(c.auth ? { authorization: `Bearer ${token}` } : {}) },
              body: JSON.stringify(c.body),
            });
        const json = await res.json();
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`${c.label}: ${res.status} ${JSON.stringify(json)}`);
        if (i >= WARMUP) times.push(ms);
        results = c.count(json);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      const kind = c.label.startsWith('projects') ? 'projects' : c.label.startsWith('matching') ? 'matching' : 'talent';
      if (c !== BASELINE) worst[kind] = Math.max(worst[kind], p95);
      console.log(
        `${c.label.padEnd(40)} ${percentile(times, 0.5).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${String(results).padStart(8)}`,
      );
    }
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(`\nload average at the end: ${load} (1, 5, 15 min)`);
    console.log(
      `worst p95: project search ${worst.projects.toFixed(1)} ms, talent search ${worst.talent.toFixed(1)} ms, matching ${worst.matching.toFixed(1)} ms`,
    );
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
