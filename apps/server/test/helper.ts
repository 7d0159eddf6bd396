import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { pgliteTemplateFile, pgTemplateName, withDatabase } from './setup/template';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
};

/** A PostgreSQL database cloned from the migrated template (TEST_DATABASE_URL), and its drop. */
export async function createPgDatabase(
  prefix = 'devmarket_t',
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Cloning fails while another clone of the same template runs: retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${pgTemplateName()}"`);
      break;
    } catch (err) {
      if (attempt > 50 || !String(err).includes('being accessed')) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  return {
    name,
    url: withDatabase(url, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** A fresh database for this test file (cloned template) and an app built on it. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const { url, drop } = await createPgDatabase();
    const database = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, poolSize: 5 });
    return { database, drop };
  }
  const blob = new Blob([readFileSync(pgliteTemplateFile())]);
  const database = await openDatabase({ dataDir: '', loadDataDir: blob, migrate: false });
  return { database, drop: async () => {} };
}

/** `opts.now`: the app's clock (see test/support or a `let clock` the test advances). */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { now?: () => Date } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const dataDir = path.join(tmpdir(), `devmarket-test-${randomBytes(6).toString('hex')}`);
  const config = loadConfig({ DATA_DIR: dataDir, SECRET: 'test-secret-test-secret', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, webDist: null, logger: false, now: opts.now });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** Calls the API with an optional bearer token; returns status and parsed JSON. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; res: LightMyRequestResponse }> {
  const res = await app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
  });
  let body: unknown = res.body;
  try {
    body = res.json();
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body, res };
}

/** Asserts a 422 whose `errors` carry exactly these messages for these fields. */
export function expectValidationError(r: { status: number; body: any }, fields: Record<string, string | RegExp>) {
  expect(r.status, JSON.stringify(r.body)).toBe(422);
  for (const [field, msg] of Object.entries(fields)) {
    if (msg instanceof RegExp) expect(r.body.errors?.[field]).toMatch(msg);
    else expect(r.body.errors?.[field]).toBe(msg);
  }
}

/**
 * An app with its background work (event bus, jobs) listening on a free port, for tests that read
 * the event stream over real HTTP; `base` is its /api/v1 address.
 */
export async function buildListeningTestApp(): Promise<{
  app: FastifyInstance;
  base: string;
  close: () => Promise<void>;
}> {
  const { database, drop } = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: path.join(tmpdir(), `devmarket-test-${randomBytes(6).toString('hex')}`),
    SECRET: 'test-secret-test-secret',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, webDist: null, logger: false, background: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/v1`;
  return {
    app,
    base,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
