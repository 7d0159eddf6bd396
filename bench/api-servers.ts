/**
 * The two servers of bench/api.ts, each started in its own process:
 *   ours: the real app (buildApp) on PostgreSQL, logger as configured by BENCH_LOG (default off);
 *   bare: Fastify + `pg` with no plugins, no validation and no schemas, running the same SQL our
 *         endpoints run (copied from `npx tsx bench/api.ts --trace`) — the floor our stack adds to.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import type { Actor } from './api-setup';
import { bareRoutes } from './api-bare';

const POOL = 10;

async function buildOurs(url: string) {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-api-')),
    SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: process.env.BENCH_LOG || 'info',
  });
  const database = await openDatabase({ databaseUrl: url, dataDir: config.dataDir, poolSize: POOL, migrate: false });
  // BENCH_LOG=info logs as production does (pino, JSON to stdout, here to /dev/null).
  const logger = process.env.BENCH_LOG
    ? { level: process.env.BENCH_LOG, stream: (await import('node:fs')).createWriteStream('/dev/null') }
    : false;
  return buildApp({ config, database, closeDatabase: true, logger, webDist: null, background: true });
}

async function serve(kind: string, url: string) {
  let app: Awaited<ReturnType<typeof buildOurs>> | ReturnType<typeof Fastify>;
  if (kind === 'ours') {
    app = await buildOurs(url);
  } else {
    const pool = new pg.Pool({ connectionString: url, max: POOL });
    app = Fastify({ logger: false });
    bareRoutes(app, pool);
    app.addHook('onClose', async () => pool.end());
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
  process.on('SIGTERM', () => {
    app.close().finally(() => process.exit(0));
  });
}

/** Prints the SQL our server runs for one request of each endpoint. */
export async function trace(
  url: string,
  endpoints: {
    name: string;
    make: (a: Actor, n: number) => { method: 'GET' | 'POST'; path: string; body?: unknown; token?: string };
  }[],
  actor: Actor,
) {
  const app = await buildOurs(url);
  let log: string[] | null = null;
  const original = pg.Client.prototype.query;
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const q = args[0];
    if (log) log.push(typeof q === 'string' ? q : `${q.text}   -- ${JSON.stringify(q.values ?? args[1] ?? [])}`);
    return (original as any).apply(this, args);
  };
  for (const ep of endpoints) {
    const r = ep.make(actor, 1);
    log = [];
    const res = await app.inject({
      method: r.method,
      url: r.path,
      headers: r.token ? { authorization: `Bearer ${r.token}` } : {},
      payload: r.body as object | undefined,
    });
    console.log(`\n### ${ep.name}: ${r.method} ${r.path} → ${res.statusCode} (${res.body.length} B)`);
    for (const q of log) console.log(`${q};`);
    log = null;
  }
  await app.close();
}

if (process.argv[1]?.endsWith('api-servers.ts') && process.argv[2]) {
  serve(process.argv[2], process.argv[3]).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
