import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { type Database, openDatabase } from '../../../src/db/client';
import { createUser } from '../../factories/users';
import { call, createPgDatabase } from '../../helper';
import { openStream, type SseStream } from './sse-client';

/**
 * DESIGN §7: two server instances on one PostgreSQL behave as one. Instance B's browser gets an
 * event caused by a request to instance A, fanned out by LISTEN/NOTIFY. PGlite is one process,
 * so this runs only in the PostgreSQL project (TEST_DATABASE_URL set).
 */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('two instances on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let streams: SseStream[] = [];

  async function startInstance(url: string): Promise<{ app: FastifyInstance; base: string }> {
    const database = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, poolSize: 3 });
    databases.push(database);
    const config = loadConfig({
      DATA_DIR: path.join(tmpdir(), `devmarket-test-${randomBytes(6).toString('hex')}`),
      DATABASE_URL: url,
      SECRET: 'test-secret-test-secret',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database, webDist: null, logger: false, background: true });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    return { app, base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/v1` };
  }

  beforeAll(async () => {
    db = await createPgDatabase();
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    for (const app of apps) await app.close();
    for (const d of databases) await d.close();
    await db?.drop();
  });

  it('an event caused on instance A reaches a listener on instance B within a second', async () => {
    const url = db.url;
    const a = await startInstance(url);
    const b = await startInstance(url);
    const client = await createUser(a.app, { type: 'Client' });
    const dev = await createUser(a.app, { type: 'Developer' });

    // The developer's browser is connected to B; the token was issued through A's database handle.
    const atB = await openStream(`${b.base}/events`, { cookie: `AccessToken=${dev.token}` });
    streams = [atB];
    expect(atB.status).toBe(200);

    const sent = await call(a.app, 'POST', '/messages', {
      token: client.token,
      body: { to: dev.user.id, text: 'Via A' },
    });
    expect(sent.status).toBe(200);
    // Within a second of A's answer (the NOTIFY goes out before A answers).
    const got = await atB.waitFor((e) => e.type === 'message', 1000);
    expect(got.data).toMatchObject({ threadID: sent.body.threadID, message: { text: 'Via A' } });

    // And the other way round: B's request reaches a listener on A.
    const atA = await openStream(`${a.base}/events`, { authorization: `Bearer ${client.token}` });
    streams.push(atA);
    const reply = await call(b.app, 'POST', `/threads/${sent.body.threadID}/messages`, {
      token: dev.token,
      body: { text: 'Via B' },
    });
    expect(reply.status).toBe(200);
    const back = await atA.waitFor(
      (e) => e.type === 'message' && (e.data.message as { text: string }).text === 'Via B',
      1000,
    );
    expect(back.data.threadID).toBe(sent.body.threadID);
  });

  it('keeps fanning out after the LISTEN connections drop (they reconnect and re-subscribe)', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'`,
      [db.name],
    );
    await admin.end();
    expect(rowCount).toBeGreaterThanOrEqual(2);

    const [a, b] = apps;
    const client = await createUser(a, { type: 'Client' });
    const dev = await createUser(a, { type: 'Developer' });
    const addr = b.server.address();
    const atB = await openStream(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/v1/events`, {
      cookie: `AccessToken=${dev.token}`,
    });
    streams.push(atB);
    // Messages sent while B's listener reconnects may be missed (browsers refetch on reconnect);
    // once it is back, every message arrives.
    const deadline = Date.now() + 10_000;
    let n = 0;
    while (!atB.events.some((e) => e.type === 'message') && Date.now() < deadline) {
      await call(a, 'POST', '/messages', { token: client.token, body: { to: dev.user.id, text: `After drop ${n++}` } });
      await new Promise((r) => setTimeout(r, 300));
    }
    await atB.waitFor((e) => e.type === 'message', 100);
  });
});
