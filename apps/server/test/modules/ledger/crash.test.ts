import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { type Database, openDatabase } from '../../../src/db/client';
import { queryRows } from '../../../src/db/rows';
import { holdTaskEscrow } from '../../../src/modules/ledger/escrow.service';
import { checkLedger } from '../../../src/modules/ledger/ledger-check';
import { scheduleAutoRelease } from '../../../src/modules/tasks/task-steps';
import { createPricedTask, fundUser } from '../../factories/money';
import { createUser, TEST_PASSWORD } from '../../factories/users';
import { createPgDatabase } from '../../helper';
import { VALID } from './support';

// Kills real server processes on a real PostgreSQL database; PGlite (one in-process connection)
// has no separate server process to kill, so this runs with TEST_DATABASE_URL only.
const onPostgres = process.env.TEST_DB === 'postgres';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
// `node --import tsx` (not the tsx wrapper, which forks): the pid we kill is the server itself.
const node = process.execPath;
const tsxArgs = (file: string) => ['--import', 'tsx', file];

let url = '';
let dbName = '';
let clone: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
let database: Database;
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function startServer(port: number, dataDir: string): ChildProcess {
  const child = spawn(node, tsxArgs('apps/server/src/server.ts'), {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      DATA_DIR: dataDir,
      SECRET: 'crash-test-secret-crash-test',
      LOG_LEVEL: 'fatal',
      // About one second: payouts fall due during the burst and during the downtime.
      TRANSACTION_PENDING_HOURS: '0.0003',
    },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

async function waitHealthy(port: number) {
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

beforeAll(async () => {
  if (!onPostgres) return;
  clone = await createPgDatabase('devmarket_crash');
  dbName = clone.name;
  url = clone.url;
  database = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, poolSize: 4 });
});

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await database?.close();
  await clone?.drop();
});

describe.skipIf(!onPostgres)('crash in the middle of payments and withdrawals (PostgreSQL only)', () => {
  it('leaves no half-written transaction; payouts due during the downtime run once after restart', async () => {
    // Setup through an in-process app on the same database (no background jobs).
    const config = loadConfig({
      DATA_DIR: path.join(tmpdir(), `crash-${dbName}`),
      SECRET: 'crash-test-secret-crash-test',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database, webDist: null, logger: false });
    await app.ready();
    const devs = await Promise.all(Array.from({ length: 20 }, () => createUser(app, { type: 'Developer' })));
    for (const d of devs) await fundUser(app, d.user.id, '100');
    const owner = await createUser(app);
    await fundUser(app, owner.user.id, '100000');
    const payJobs = [];
    for (let i = 0; i < 200; i++) {
      const assignee = devs[i % devs.length];
      const { task, project } = await createPricedTask(app, {
        ownerId: owner.user.id,
        assigneeId: assignee.user.id,
        price: '1.5',
      });
      payJobs.push({
        taskId: task.id,
        ownerId: owner.user.id,
        assigneeId: assignee.user.id,
        projectId: project.id,
        amount: '1500000',
      });
    }
    // Tasks in Review whose review window ends during the burst and the downtime (DESIGN §8
    // auto-release): each must be paid exactly once across the crash and the restart.
    const reviewTasks: string[] = [];
    for (let i = 0; i < 30; i++) {
      const assignee = devs[i % devs.length];
      const { task } = await createPricedTask(app, {
        ownerId: owner.user.id,
        assigneeId: assignee.user.id,
        price: '2',
      });
      reviewTasks.push(task.id);
    }
    const reviewStart = Date.now() + 2000;
    await app.db.transaction(async (tx) => {
      for (const [i, taskId] of reviewTasks.entries()) {
        const deadline = new Date(reviewStart + i * 100);
        await holdTaskEscrow(tx, { taskId, ownerId: owner.user.id, amount: 2_000_000n });
        await tx.execute(sql`update tasks set stage = 'Review', review_deadline = ${deadline} where id = ${taskId}`);
        await scheduleAutoRelease(tx, { taskId, deadline });
      }
    });
    await app.close();

    const port = await freePort();
    const dataDir = path.join(tmpdir(), `crash-data-${dbName}`);
    const server = startServer(port, dataDir);
    await waitHealthy(port);
    const worker = spawn(node, tsxArgs('apps/server/test/modules/ledger/crash-worker.ts'), {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, CRASH_TASKS: JSON.stringify(payJobs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(worker);
    let paid = 0;
    worker.stdout?.on('data', (b: Buffer) => {
      paid += (b.toString().match(/paid/g) ?? []).length;
    });

    // A slow machine (CI under load) may take a while to start the worker: wait for real progress.
    for (let i = 0; i < 600 && paid < 3; i++) await new Promise((r) => setTimeout(r, 100));

    // The burst: every developer withdraws, again and again, while the worker pays tasks.
    let stop = false;
    let accepted = 0;
    const statuses = new Set<number>();
    const burst = devs.map(async (d) => {
      while (!stop) {
        const r = await fetch(`http://127.0.0.1:${port}/api/v1/user/withdraw`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${d.token}` },
          body: JSON.stringify({ currency: 'ETH', address: VALID.ETH, amount: '20', password: TEST_PASSWORD }),
        }).catch(() => null);
        if (!r) return;
        if (r.status === 200) accepted++;
        else statuses.add(r.status);
        await new Promise((res) => setTimeout(res, 20 + Math.random() * 60));
      }
    });
    // At least 2.5 s of burst, and until one withdrawal got through (bounded at 20 s).
    const burstStart = Date.now();
    while (Date.now() - burstStart < 2500 || (accepted === 0 && Date.now() - burstStart < 20_000)) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await Promise.all([killed(server), killed(worker)]);
    stop = true;
    await Promise.all(burst);
    expect(accepted, `statuses ${[...statuses]}`).toBeGreaterThan(0);
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThan(payJobs.length); // killed mid-way

    // Nothing half-written.
    const afterCrash = await checkLedger(database.db);
    expect(afterCrash.problems).toEqual([]);

    // Payouts that fell due while the server was down.
    await new Promise((r) => setTimeout(r, 1500));
    const due = await queryRows<{ id: string }>(
      database.db,
      sql`select t.id from transactions t join jobs j on j.payload->>'transactionId' = t.id::text
          where t.status = 'Pending' and t.type = 'Withdrawal' and j.status = 'queued' and j.run_at < now()`,
    );
    if (due.length === 0) {
      console.log(
        await queryRows(
          database.db,
          sql`select t.status, j.status as job, j.run_at < now() as due, count(*) from transactions t left join jobs j on j.payload->>'transactionId' = t.id::text where t.type = 'Withdrawal' group by 1,2,3`,
        ),
      );
    }
    expect(due.length).toBeGreaterThan(0);

    const again = startServer(port, dataDir);
    await waitHealthy(port);
    const ids = due.map((d) => d.id);
    const idList = `{${ids.join(',')}}`;
    for (let i = 0; i < 100; i++) {
      const [row] = await queryRows<{ n: string }>(
        database.db,
        sql`select count(*)::text as n from transactions where id::text = any(${idList}::text[]) and status = 'Complete'`,
      );
      if (Number(row.n) === ids.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const payouts = await queryRows<{ transaction_id: string; n: string }>(
      database.db,
      sql`select transaction_id, count(*)::text as n from journals
          where kind = 'withdrawal-payout' and transaction_id::text = any(${idList}::text[]) group by transaction_id`,
    );
    expect(payouts).toHaveLength(ids.length);
    expect(payouts.every((p) => p.n === '1')).toBe(true);

    // Every auto-release ran once: each task Complete with one payment out and one in.
    const reviewList = `{${reviewTasks.join(',')}}`;
    // A job the killed process had claimed is claimed again when its 60 s lease ends.
    for (let i = 0; i < 450; i++) {
      const [row] = await queryRows<{ n: string }>(
        database.db,
        sql`select count(*)::text as n from tasks where id::text = any(${reviewList}::text[]) and stage = 'Complete'`,
      );
      if (Number(row.n) === reviewTasks.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const released = await queryRows<{ task_id: string; n: string }>(
      database.db,
      sql`select task_id, count(*)::text as n from transactions
          where type = 'Payment-Out' and task_id::text = any(${reviewList}::text[]) group by task_id`,
    );
    expect(released).toHaveLength(reviewTasks.length);
    expect(released.every((p) => p.n === '1')).toBe(true);
    await killed(again);

    // The CLI proves the whole database, and fails loudly on a mismatch.
    const cli = (args: string[]) =>
      spawnSync(node, [...tsxArgs('apps/server/src/cli.ts'), ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir },
        encoding: 'utf8',
      });
    const ok = cli(['ledger-check']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Ledger check passed/);
    await database.db.execute(
      sql`update ledger_accounts set balance = balance + 1 where id = (select id from ledger_accounts where kind = 'user_available' limit 1)`,
    );
    await database.db.execute(
      sql`update users set cached_tasks_completed = cached_tasks_completed + 3 where id = (select user_id from transactions where type = 'Payment-In' limit 1)`,
    );
    const bad = cli(['ledger-check']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/Ledger check FAILED/);
    // The report names the breach of the escrow rules (DESIGN §8 self-checks).
    expect(bad.stderr).toMatch(/caches \d+ completed tasks but was paid for \d+/);
  }, 240_000);
});
