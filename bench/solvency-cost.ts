/**
 * What one proof-of-liabilities publish costs in CPU-seconds (docs/performance.md "Proof of
 * liabilities"): the application's own CPU (process.cpuUsage, every thread) and PostgreSQL's (the
 * utime + stime of every backend connected to the bench database, read from /proc), for RUNS
 * publishes one after another with nothing else running. On a loaded machine wall time and
 * throughput ratios wander; CPU-seconds do not.
 *
 *   npx tsx bench/solvency-cost.ts [--db URL] [--runs 3]
 *
 * Run bench/solvency.ts once first (it gives every user a balance). PostgreSQL must run on this
 * machine (its backends' /proc entries are read).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { openDatabase } from '../apps/server/src/db/client';
import { getSolvencyProof, publishSnapshot } from '../apps/server/src/modules/solvency';

const opt = (key: string, fallback: string) => {
  const i = process.argv.indexOf(`--${key}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DB = opt('db', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_solvency');
const RUNS = Number(opt('runs', '3'));
const TICK = 100; // clock ticks per second of /proc/<pid>/stat (USER_HZ on Linux)

/** CPU-seconds every backend of the database has used so far (a backend that ended is lost, so the pool stays open). */
async function pgCpu(admin: pg.Client, datname: string): Promise<number> {
  const r = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [datname]);
  let ticks = 0;
  for (const { pid } of r.rows) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
      ticks += Number(rest[11]) + Number(rest[12]); // utime, stime (fields 14 and 15)
    } catch {}
  }
  return ticks / TICK;
}

const appCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function main() {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-solvency-cost-')),
    SECRET: 'bench-secret-bench-secret',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ databaseUrl: DB, dataDir: config.dataDir, poolSize: 4 });
  const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent };
  const ctx = { db: database.db, database, config, log: silent, now: () => new Date() } as unknown as AppContext;
  const admin = new pg.Client({ connectionString: DB });
  await admin.connect();
  const datname = new URL(DB).pathname.slice(1);
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await publishSnapshot(ctx); // warm-up: connections, plans, caches
  for (let i = 0; i < RUNS; i++) {
    const [a0, p0, t0] = [appCpu(), await pgCpu(admin, datname), performance.now()];
    const s = await publishSnapshot(ctx);
    const [a1, p1, t1] = [appCpu(), await pgCpu(admin, datname), performance.now()];
    console.log(
      `publish ${i + 1}: ${s.leaves} leaves, ${((t1 - t0) / 1000).toFixed(2)} s wall; CPU app ${(a1 - a0).toFixed(2)} s + PostgreSQL ${(p1 - p0).toFixed(2)} s = ${(a1 - a0 + p1 - p0).toFixed(2)} s`,
    );
  }
  const users = await admin.query<{ id: string }>('select id from users order by random() limit 300');
  const times: number[] = [];
  for (const { id } of users.rows) {
    const t = performance.now();
    await getSolvencyProof(ctx, id).catch(() => {});
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  console.log(`proof (${times.length} users) p50 ${times[150].toFixed(2)} ms, p95 ${times[285].toFixed(2)} ms`);
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await admin.end();
  await database.close();
}

await main();
