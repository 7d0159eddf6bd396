import { MONEY_MSG } from '@devmarket/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, tasks, users } from '../../../src/db/schema/index';
import { AppError } from '../../../src/lib/errors';
import { holdTaskEscrow, payTaskEscrow, releaseTaskEscrow } from '../../../src/modules/ledger/escrow.service';
import { createFundedAssignedTask, createPricedTask, fundUser } from '../../factories/money';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { balanceOf, expectLedgerOk } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const hold = (taskId: string, ownerId: string, amount: bigint) =>
  t.app.db.transaction((tx) => holdTaskEscrow(tx, { taskId, ownerId, amount }));
// A payment goes with completion (ledger-check proves a paid task is Complete), as in moveTask.
const pay = (taskId: string, assigneeId: string, projectId: string) =>
  t.app.db.transaction(async (tx) => {
    const paid = await payTaskEscrow(tx, { taskId, assigneeId, projectId });
    if (paid) await tx.update(tasks).set({ stage: 'Complete' }).where(eq(tasks.id, taskId));
    return paid;
  });

describe('escrow', () => {
  it('holds the price, pays the assignee once with Payment-Out and Payment-In, and bumps the totals', async () => {
    const { owner, dev, task, project } = await createFundedAssignedTask(t.app, { funds: '100', price: '30' });
    await hold(task.id, owner.user.id, 30_000_000n);
    await hold(task.id, owner.user.id, 30_000_000n); // holding twice is a no-op
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '70', held: '30' });
    await expectLedgerOk(t.app);

    expect(await pay(task.id, dev.user.id, project.id)).toEqual({ paid: 30_000_000n });
    expect(await pay(task.id, dev.user.id, project.id)).toBeNull();
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '70', held: '0' });
    expect(await balanceOf(t.app, dev.token)).toEqual({ balance: '30', held: '0' });
    const out = (await call(t.app, 'GET', '/transactions', { token: owner.token })).body[0];
    expect(out).toMatchObject({
      type: 'Payment-Out',
      status: 'Complete',
      amount: '30',
      taskID: task.id,
      projectID: project.id,
    });
    const inn = (await call(t.app, 'GET', '/transactions', { token: dev.token })).body;
    expect(inn).toHaveLength(1);
    expect(inn[0]).toMatchObject({ type: 'Payment-In', status: 'Complete', amount: '30' });
    const detail = await call(t.app, 'GET', `/transactions/${inn[0].id}`, { token: dev.token });
    expect(detail.body.task).toMatchObject({ id: task.id, identifier: task.identifier });
    expect(detail.body.project).toMatchObject({ id: project.id, handle: project.handle });
    const [p] = await t.app.db.select().from(projects).where(eq(projects.id, project.id));
    expect(p.cachedTotalSpent).toBe(30_000_000n);
    const [d] = await t.app.db.select().from(users).where(eq(users.id, dev.user.id));
    expect(d.cachedTasksCompleted).toBe(1);
    await expectLedgerOk(t.app);
  });

  it('refuses a hold larger than the available balance with a clear message, changing nothing', async () => {
    const owner = await createUser(t.app);
    await fundUser(t.app, owner.user.id, '10');
    const { task } = await createPricedTask(t.app, { ownerId: owner.user.id, price: '30' });
    const err = await hold(task.id, owner.user.id, 30_000_000n).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(422);
    expect(err.fields).toEqual({ price: MONEY_MSG.escrowShort('10') });
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '10', held: '0' });
    await expectLedgerOk(t.app);
  });

  it('releases a hold back to the owner (task or project deleted); paying after release pays nothing', async () => {
    const { owner, dev, task, project } = await createFundedAssignedTask(t.app, { funds: '50', price: '50' });
    await hold(task.id, owner.user.id, 50_000_000n);
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '0', held: '50' });
    await t.app.db.transaction((tx) => releaseTaskEscrow(tx, task.id));
    await t.app.db.transaction((tx) => releaseTaskEscrow(tx, task.id));
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '50', held: '0' });
    expect(await pay(task.id, dev.user.id, project.id)).toBeNull();
    expect(await balanceOf(t.app, dev.token)).toEqual({ balance: '0', held: '0' });
    await expectLedgerOk(t.app);
  });

  it('rolls the hold back with the caller’s transaction', async () => {
    const owner = await createUser(t.app);
    await fundUser(t.app, owner.user.id, '40');
    const { task } = await createPricedTask(t.app, { ownerId: owner.user.id, price: '40' });
    await t.app.db
      .transaction(async (tx) => {
        await holdTaskEscrow(tx, { taskId: task.id, ownerId: owner.user.id, amount: 40_000_000n });
        throw new Error('the task update failed');
      })
      .catch(() => {});
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '40', held: '0' });
    await expectLedgerOk(t.app);
  });
});
