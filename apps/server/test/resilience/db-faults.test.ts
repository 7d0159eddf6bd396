import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { fundUser } from '../factories/money';
import { addMember, createProject } from '../factories/projects';
import { createUser } from '../factories/users';
import { call } from '../helper';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from '../support/private-postgres';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/**
 * DESIGN §9 fault injection: 20 s of mixed traffic against a server process while every backend
 * of its database is terminated five times and PostgreSQL is restarted once. It runs against a
 * private throw-away cluster (never the shared one other tests use), so it needs the PostgreSQL
 * server binaries; CI runs it in the postgres project.
 */
const bin = findPostgresBin();
const skipReason =
  !process.env.TEST_DATABASE_URL || process.env.TEST_DB !== 'postgres'
    ? 'runs in the server:postgres project only (set TEST_DATABASE_URL)'
    : !bin
      ? 'PostgreSQL server binaries (initdb, pg_ctl) not found; set PG_BIN'
      : null;

const TRAFFIC_MS = 20_000;
const WORKERS = 4;
const SECRET = 'fault-test-secret-0123456789';

type World = {
  owner: string;
  dev: string;
  devId: string;
  projectId: string;
  tasks: string[];
};

describe.skipIf(skipReason)(`database faults${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let pgc: PrivatePostgres;
  let server: ServerProcess;
  let world: World;
  const dataDir = path.join(tmpdir(), `devmarket-faults-${randomBytes(4).toString('hex')}`);

  beforeAll(async () => {
    pgc = await startPrivatePostgres(bin as string);
    // Fixtures through a short-lived app on the same database (migrates it), then the real process.
    const database = await openDatabase({ databaseUrl: pgc.url, dataDir: '', poolSize: 2 });
    const config = loadConfig({ DATA_DIR: dataDir, SECRET, LOG_LEVEL: 'silent', DATABASE_URL: pgc.url });
    const app = await buildApp({ config, database, webDist: null, logger: false });
    await app.ready();
    const owner = await createUser(app, { type: 'Client' });
    const dev = await createUser(app, { type: 'Developer' });
    await fundUser(app, owner.user.id, '100000');
    const project = await createProject(app, owner.user.id);
    await addMember(app, project.id, dev.user.id);
    const tasks: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await call(app, 'POST', '/tasks', {
        token: owner.token,
        body: { projectID: project.id, summary: `Task ${i}`, price: '10', assigneeID: dev.user.id },
      });
      if (r.status !== 200) throw new Error(`create task: ${r.status} ${JSON.stringify(r.body)}`);
      tasks.push(r.body.id);
    }
    await call(app, 'POST', '/messages', { token: owner.token, body: { to: dev.user.id, text: 'Hello' } });
    await app.close();
    await database.close();
    world = { owner: owner.token, dev: dev.token, devId: dev.user.id, projectId: project.id, tasks };
    server = await startServerProcess({
      DATABASE_URL: pgc.url,
      DATA_DIR: dataDir,
      SECRET,
      LOG_LEVEL: 'warn',
      AUTH_IP_LIMIT_PER_MINUTE: '100000',
    });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await pgc?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One request; network errors (the socket itself failing) count as a status of 0. */
  const request = async (method: string, url: string, token: string, body?: unknown) => {
    try {
      const res = await fetch(`${server.url}/api/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      return { status: res.status, retryAfter: res.headers.get('retry-after'), text };
    } catch (err) {
      return { status: 0, retryAfter: null, text: String(err) };
    }
  };

  /** A random step of the mix: reads, messages, task moves and completions. */
  const step = (i: number) => {
    const task = world.tasks[i % world.tasks.length];
    switch (i % 6) {
      case 0:
        return request('GET', '/user', world.owner);
      case 1:
        return request('GET', `/tasks/${task}`, world.dev);
      case 2:
        return request('POST', '/messages', world.owner, { to: world.devId, text: `Ping ${i}` });
      case 3:
        return request('POST', `/tasks/${task}/stage`, world.dev, {
          stage: ['In Progress', 'Review'][Math.floor(i / 6) % 2],
        });
      case 4:
        return request('POST', `/tasks/${task}/stage`, world.owner, { stage: 'Complete' });
      default:
        return request('GET', '/user/balance', world.owner);
    }
  };

  it('keeps the process up, answers only 2xx, 4xx or 503 (with Retry-After), recovers, and the ledger stays right', async () => {
    const statuses = new Map<number, number>();
    const bad: string[] = [];
    let stop = false;
    let n = 0;
    const worker = async () => {
      while (!stop) {
        const i = n++;
        const r = await step(i);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        const ok = (r.status >= 200 && r.status < 300) || (r.status >= 400 && r.status < 500);
        if (r.status === 503 && !r.retryAfter) bad.push(`503 without Retry-After: ${r.text.slice(0, 200)}`);
        if (!ok && r.status !== 503) bad.push(`step ${i % 6} -> ${r.status} ${r.text.slice(0, 200)}`);
        if (!server.alive()) bad.push('server process exited');
      }
    };
    const faults = async () => {
      const terminated: number[] = [];
      for (const at of [2_000, 5_000, 8_000, 11_000, 14_000]) {
        await new Promise((r) => setTimeout(r, at - (Date.now() - started)));
        terminated.push(await pgc.terminateBackends());
      }
      await new Promise((r) => setTimeout(r, 16_000 - (Date.now() - started)));
      await pgc.restart();
      return terminated;
    };
    const started = Date.now();
    const workers = Array.from({ length: WORKERS }, worker);
    const terminated = await faults();
    await new Promise((r) => setTimeout(r, TRAFFIC_MS - (Date.now() - started)));
    stop = true;
    await Promise.all(workers);

    expect(server.alive(), server.output.slice(-20).join('\n')).toBe(true);
    expect(bad).toEqual([]);
    // The faults really hit the app: its connections were there to terminate.
    expect(terminated.filter((c) => c > 0).length).toBeGreaterThanOrEqual(4);
    expect(statuses.get(503) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(0);

    // Recovered: health answers 200, then every request of the mix succeeds.
    const deadline = Date.now() + 15_000;
    while ((await request('GET', '/health', world.owner)).status !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const [url, token] of [
      ['/user', world.owner],
      [`/tasks/${world.tasks[0]}`, world.dev],
      ['/user/balance', world.owner],
      ['/threads', world.dev],
    ] as const) {
      for (let k = 0; k < 5; k++) expect((await request('GET', url, token)).status, url).toBe(200);
    }
    const sent = await request('POST', '/messages', world.owner, { to: world.devId, text: 'After the storm' });
    expect(sent.status, sent.text).toBe(200);

    // The LISTEN connection re-subscribed: an event published now reaches an event stream.
    const stream = await fetch(`${server.url}/api/v1/events`, {
      headers: { authorization: `Bearer ${world.dev}` },
      signal: AbortSignal.timeout(20_000),
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    const until = Date.now() + 15_000;
    while (!received.includes('Event after recovery') && Date.now() < until) {
      await request('POST', '/messages', world.owner, { to: world.devId, text: 'Event after recovery' });
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ value?: undefined }>((r) => setTimeout(() => r({}), 1_000)),
      ]);
      if (chunk.value) received += new TextDecoder().decode(chunk.value);
    }
    await reader.cancel();
    expect(received).toContain('Event after recovery');

    // The ledger is consistent after every interrupted transaction.
    const database = await openDatabase({ databaseUrl: pgc.url, dataDir: '', migrate: false, poolSize: 1 });
    try {
      const report = await checkLedger(database.db);
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
    } finally {
      await database.close();
    }
  }, 70_000);
});
