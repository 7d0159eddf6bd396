// Query plans and timings of the project listings on 50,000 projects (docs/query-plans.md).
// Needs PostgreSQL: `npx tsx bench/projects-query-plans.ts` (uses postgres://postgres@127.0.0.1:5432, database b_plans).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { projectsRepo } from '../apps/server/src/modules/projects/projects.repo';
import { queryRows } from '../apps/server/src/db/rows';

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query('drop database if exists b_plans with (force)');
await admin.query('create database b_plans');
await admin.end();
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/b_plans', dataDir: '' });
const db = database.db;
await db.execute(sql`insert into users (email, password_hash, first_name) values ('owner@x.test', 'x', 'Owner')`);
const t0 = Date.now();
await db.execute(sql`
  insert into projects (handle, key, name, company, description, short_description, tags, owner_id, visibility, verified_at, featured_at, created_at)
  select 'p-' || i, 'K' || i,
    (array['Storefront','Analytics','Mobile app','Payments','CRM','Booking','Marketplace','Chatbot'])[1 + i % 8] || ' ' || i,
    (array['Acme','Globex','Initech','Umbrella','Hooli'])[1 + i % 5] || ' Inc',
    'We need help building a ' || (array['React','Vue','Node','Kubernetes','Docker'])[1 + i % 5] || ' system with ' || md5(i::text),
    '', (array['React,Node','Vue,Docker','AWS,Kubernetes','PostgreSQL,Express','GCP','Azure,MySQL','MongoDB,Node'])[1 + i % 7],
    (select id from users limit 1),
    case when i % 10 = 0 then 'Private' else 'Public' end,
    case when i % 20 = 0 then now() - (i || ' seconds')::interval end,
    case when i % 500 = 0 then now() - (i || ' seconds')::interval end,
    now() - (i || ' seconds')::interval
  from generate_series(1, 50000) i`);
await db.execute(sql`analyze projects`);
console.log('inserted 50000 in', Date.now() - t0, 'ms');

async function explain(label: string, q: ReturnType<typeof sql>) {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, costs off, timing on) ${q}`);
  console.log(`\n### ${label}\n\n\`\`\`\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
}
const tags = (t: string[]) =>
  sql`string_to_array(tags, ',') @> array[${sql.join(
    t.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;
await explain(
  'Public, page 1',
  sql`select id from projects where visibility = 'Public' order by created_at desc, id desc limit 12 offset 0`,
);
await explain(
  'Public, page 1000',
  sql`select id from projects where visibility = 'Public' order by created_at desc, id desc limit 12 offset 11988`,
);
await explain(
  'Public count (pages), capped at 21 pages ahead',
  sql`select count(*) from (select 1 from projects where visibility = 'Public' limit 252) capped`,
);
await explain(
  'Featured',
  sql`select id from projects where visibility = 'Public' and featured_at is not null order by featured_at desc, id desc limit 12`,
);
await explain(
  'Verified',
  sql`select id from projects where visibility = 'Public' and verified_at is not null order by verified_at desc, id desc limit 12`,
);
await explain(
  'Public + tag GCP',
  sql`select id from projects where visibility = 'Public' and ${tags(['GCP'])} order by created_at desc, id desc limit 12`,
);
await explain(
  'Public + tag count, capped',
  sql`select count(*) from (select 1 from projects where visibility = 'Public' and ${tags(['GCP'])} limit 252) capped`,
);
await explain(
  'Public + rare tag (Azure,MySQL,GCP: none) page 1',
  sql`select id from projects where visibility = 'Public' and ${tags(['Azure', 'GCP'])} order by created_at desc, id desc limit 12`,
);
await explain(
  'Public + rare tag count, capped',
  sql`select count(*) from (select 1 from projects where visibility = 'Public' and ${tags(['Azure', 'GCP'])} limit 252) capped`,
);
await explain(
  'Search "storefront react"',
  sql`select id, ts_rank(search, to_tsquery('english', 'storefront:* & react:*')) r from projects where visibility = 'Public' and search @@ to_tsquery('english', 'storefront:* & react:*') order by r desc, created_at desc limit 48`,
);
await explain(
  'Search "glob" + tag Node',
  sql`select id from projects where visibility = 'Public' and search @@ to_tsquery('english', 'glob:*') and ${tags(['Node'])} order by ts_rank(search, to_tsquery('english', 'glob:*')) desc, created_at desc limit 48`,
);

// End-to-end timings through the repository (median of 20).
const ctx = db;
async function time(label: string, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < 20; i++) {
    const s = performance.now();
    await fn();
    ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  console.log(`| ${label} | ${ms[10].toFixed(1)} ms | ${ms[18].toFixed(1)} ms |`);
}
console.log('\n| call (repository, 50,000 projects) | median | p95 |\n| --- | --- | --- |');
await time('public page 1 + count', () => projectsRepo.listPage(ctx, 'public', 1, []));
await time('public page 2000', () => projectsRepo.listPage(ctx, 'public', 2000, []));
await time('featured page 1', () => projectsRepo.listPage(ctx, 'featured', 1, []));
await time('verified page 1', () => projectsRepo.listPage(ctx, 'verified', 1, []));
await time('public + tag GCP', () => projectsRepo.listPage(ctx, 'public', 1, ['GCP']));
await time('search "storefront react"', () => projectsRepo.search(ctx, 'storefront react', []));
await time('search "marketplace" + Docker', () => projectsRepo.search(ctx, 'marketplace', ['Docker']));
await database.close();
const cleanup = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await cleanup.connect();
await cleanup.query('drop database if exists b_plans with (force)');
await cleanup.end();
