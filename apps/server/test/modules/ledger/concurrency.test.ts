import { MONEY_MSG } from '@devmarket/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/rows';
import { tasks } from '../../../src/db/schema/index';
import { jobHandlers } from '../../../src/job-registry';
import { runDueJobs } from '../../../src/modules/jobs/jobs.runner';
import { holdTaskEscrow, payTaskEscrow } from '../../../src/modules/ledger/escrow.service';
import { createFundedAssignedTask, createPricedTask, fundUser } from '../../factories/money';
import { createUser, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { balanceOf, expectLedgerOk, VALID } from './support';

// PGlite is one connection in one process: every transaction runs alone, so races cannot happen
// there and these tests would prove nothing. They run on PostgreSQL (TEST_DATABASE_URL).
const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await buildTestApp();
});
afterAll(async () => t?.close());

describe.skipIf(!onPostgres)('money under concurrency (PostgreSQL only: PGlite serialises everything)', () => {
  it('20 parallel withdrawals against a balance that covers one: exactly one is accepted', async () => {
    const u = await createUser(t.app);
    await fundUser(t.app, u.user.id, '30');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'POST', '/user/withdraw', {
          token: u.token,
          body: { currency: 'ETH', address: VALID.ETH, amount: '20', password: TEST_PASSWORD },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)?.body.msg).toBe(MONEY_MSG.onePending);
    expect(await balanceOf(t.app, u.token)).toEqual({ balance: '10', held: '20' });
    await expectLedgerOk(t.app);
  });

  it('10 parallel completions of one task pay once', async () => {
    const { owner, dev, task, project } = await createFundedAssignedTask(t.app, { funds: '100', price: '30' });
    await t.app.db.transaction((tx) =>
      holdTaskEscrow(tx, { taskId: task.id, ownerId: owner.user.id, amount: 30_000_000n }),
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.db.transaction(async (tx) => {
          // A payment goes with completion, as in moveTask (ledger-check proves it).
          await tx.update(tasks).set({ stage: 'Complete' }).where(eq(tasks.id, task.id));
          return payTaskEscrow(tx, { taskId: task.id, assigneeId: dev.user.id, projectId: project.id });
        }),
      ),
    );
    expect(results.filter((r) => r !== null)).toEqual([{ paid: 30_000_000n }]);
    expect(await balanceOf(t.app, dev.token)).toEqual({ balance: '30', held: '0' });
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '70', held: '0' });
    const rows = await queryRows<{ n: string }>(
      t.app.db,
      sql`select count(*)::text as n from transactions where task_id = ${task.id}`,
    );
    expect(rows[0].n).toBe('2');
    await expectLedgerOk(t.app);
  });

  it('parallel holds cannot hold more than the balance', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, owner.user.id, '100');
    // Every hold belongs to an assigned task (DESIGN §8, proved by ledger-check).
    const priced = await Promise.all(
      Array.from({ length: 10 }, () =>
        createPricedTask(t.app, { ownerId: owner.user.id, assigneeId: dev.user.id, price: '30' }),
      ),
    );
    const results = await Promise.allSettled(
      priced.map(({ task }) =>
        t.app.db.transaction((tx) =>
          holdTaskEscrow(tx, { taskId: task.id, ownerId: owner.user.id, amount: 30_000_000n }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '10', held: '90' });
    await expectLedgerOk(t.app);
  });

  it('two job runners claim each due payout once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t.app)));
    const ids: string[] = [];
    for (const u of users) {
      await fundUser(t.app, u.user.id, '50');
      const r = await call(t.app, 'POST', '/user/withdraw', {
        token: u.token,
        body: { currency: 'USDT', address: VALID.TRON, amount: '20', password: TEST_PASSWORD },
      });
      ids.push(r.body.id);
    }
    for (const id of ids) {
      await t.app.db.execute(
        sql`update jobs set run_at = now() - interval '1 second' where payload->>'transactionId' = ${id}`,
      );
    }
    await Promise.all([0, 1, 2].map(() => runDueJobs(t.app.ctx, jobHandlers, { batch: 3 })));
    await Promise.all([0, 1].map(() => runDueJobs(t.app.ctx, jobHandlers, { batch: 20 })));
    const payouts = await queryRows<{ n: string }>(
      t.app.db,
      sql`select count(*)::text as n from journals where kind = 'withdrawal-payout'
          and transaction_id in (select id from transactions where user_id in (select user_id from transactions where id::text = any(${`{${ids.join(',')}}`}::text[])))`,
    );
    expect(payouts[0].n).toBe(String(ids.length));
    const attempts = await queryRows<{ attempts: number; status: string }>(
      t.app.db,
      sql`select attempts, status from jobs where payload->>'transactionId' = any(${`{${ids.join(',')}}`}::text[])`,
    );
    expect(attempts).toHaveLength(ids.length);
    expect(attempts.every((j) => j.attempts === 1 && j.status === 'done')).toBe(true);
    for (const u of users) expect(await balanceOf(t.app, u.token)).toEqual({ balance: '30', held: '0' });
    await expectLedgerOk(t.app);
  });
});
