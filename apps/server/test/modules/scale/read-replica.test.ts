import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { type Database, openDatabase } from '../../../src/db/client';
import { createStaff, createUser } from '../../factories/users';
import { call } from '../../helper';
import { findPostgresBin, type PrivateReplicaPair, startPrivateReplicaPair } from '../../support/private-postgres';

/**
 * DESIGN §18 on a real primary and streaming replica of the test's own (initdb + pg_basebackup):
 * a listing is served by the replica, a person sees their own new project at once, and stopping
 * the replica changes nothing a user sees. It starts its own cluster, so it needs no shared
 * database and runs once, in the PGlite project's pass.
 */
const bin = findPostgresBin();
const skipReason =
  process.env.TEST_DB === 'postgres'
    ? 'runs once, in the server:pglite project (it starts its own primary and replica)'
    : !bin
      ? 'PostgreSQL server binaries (initdb, pg_basebackup) not found; set PG_BIN'
      : null;

describe.skipIf(skipReason)(`read replica${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let pair: PrivateReplicaPair;
  let database: Database;
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let visitor: Awaited<ReturnType<typeof createUser>>;
  let staff: Awaited<ReturnType<typeof createUser>>;

  const names = async (opts: { token?: string; cookie?: string } = {}) => {
    const r = await call(app, 'GET', '/projects/public', {
      token: opts.token,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.projects as { name: string }[]).map((p) => p.name);
  };
  const health = async () => (await call(app, 'GET', '/admin/health', { token: staff.token })).body;

  beforeAll(async () => {
    pair = await startPrivateReplicaPair(bin as string);
    const dataDir = path.join(tmpdir(), `devmarket-replica-${randomBytes(4).toString('hex')}`);
    const env = {
      DATA_DIR: dataDir,
      SECRET: 'replica-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      DATABASE_URL: pair.primaryUrl,
      DATABASE_READ_URL: pair.replicaUrl,
    };
    const config = loadConfig(env);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      readUrl: config.databaseReadUrl,
      dataDir: '',
      poolSize: 3,
      log: { warn: () => {}, info: () => {} },
    });
    app = await buildApp({ config, database, webDist: null, logger: false });
    await app.ready();
    [owner, visitor, staff] = [await createUser(app), await createUser(app), await createStaff(app)];
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await pair?.stop();
  });

  it('serves a listing from the replica, and the writer their own new project from the primary at once', async () => {
    // The replica has replayed the fixtures once the listing it serves shows the same as the primary's.
    const before = (await health()).database.replica;
    expect(before.state).toBe('replica');
    await names({ token: visitor.token });
    expect((await health()).database.replica.replicaReads).toBeGreaterThan(before.replicaReads);

    // Hold the replica still: what is written now reaches only the primary.
    await pair.onReplica('select pg_wal_replay_pause()');
    const created = await call(app, 'POST', '/projects', {
      token: owner.token,
      body: { name: 'Fresh replica project', description: 'Read your writes', company: 'Acme', visibility: 'Public' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cookie = String(created.res.headers['set-cookie']).split(';')[0];
    expect(cookie).toBe('dm_fresh=1');

    // The visitor reads the replica: the project is not there yet. So the listing came from it.
    expect(await names({ token: visitor.token })).not.toContain('Fresh replica project');
    // The writer sees it at once: by their id on this instance, by the cookie on any instance.
    expect(await names({ token: owner.token })).toContain('Fresh replica project');
    expect(await names({ cookie })).toContain('Fresh replica project');

    await pair.onReplica('select pg_wal_replay_resume()');
    // Replication is asynchronous: wait (bounded) for the replica to replay the write.
    for (let i = 0; i < 100 && !(await names({ token: visitor.token })).includes('Fresh replica project'); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await names({ token: visitor.token })).toContain('Fresh replica project');
  });

  it('stopping the replica changes nothing a user sees: every read falls back to the primary', async () => {
    const expected = await names({ token: visitor.token });
    const before = (await health()).database.replica;
    await pair.stopReplica();
    for (let i = 0; i < 10; i++) expect(await names({ token: visitor.token })).toEqual(expected);
    const talent = await call(app, 'GET', '/users/talent', { token: visitor.token });
    expect(talent.status).toBe(200);
    const { replica } = (await health()).database;
    expect(replica.state).toBe('down');
    // Every read after the stop was answered by the primary: by a fallback when a query met the
    // dead replica first, or by state when the probe (every 2 s) saw it go first. Which of the two
    // depends on how long stopping took (seconds on a loaded machine), so the test counts both.
    expect(replica.replicaReads).toBe(before.replicaReads);
    expect(replica.primaryReads - before.primaryReads).toBeGreaterThanOrEqual(11);
  });
});
