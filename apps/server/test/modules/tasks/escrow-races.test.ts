import { TASK_MSG } from '@devmarket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedTeam } from '../../factories/money';
import { addMember } from '../../factories/projects';
import { createStaff, createUser, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { balanceOf, expectLedgerOk, VALID } from '../ledger/support';

/** DESIGN §8 under contention: one lock order, bounded retries, never a 5xx, money exactly once. */
const onPostgres = process.env.TEST_DB === 'postgres';
let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await buildTestApp();
});
afterAll(async () => t?.close());

const createTask = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/tasks', { token, body });

describe.skipIf(!onPostgres)('escrow races (PostgreSQL only: PGlite serialises everything)', () => {
  it('project delete racing 10 assignments: never a hold without a task, never a 5xx, one side wins', async () => {
    for (let round = 0; round < 20; round++) {
      const { owner, dev, project } = await createFundedTeam(t.app, { funds: '1000' });
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) {
        ids.push((await createTask(owner.token, { projectID: project.id, summary: `T${i}`, price: '15' })).body.id);
      }
      const [del, ...assigns] = await Promise.all([
        call(t.app, 'DELETE', `/projects/${project.id}`, { token: owner.token }),
        ...ids.map((id) =>
          call(t.app, 'PUT', `/tasks/${id}`, { token: owner.token, body: { assigneeID: dev.user.id } }),
        ),
      ]);
      const statuses = [del.status, ...assigns.map((a) => a.status)];
      expect(
        statuses.every((s) => s < 500),
        JSON.stringify(statuses),
      ).toBe(true);
      const held = assigns.filter((a) => a.status === 200).length;
      if (del.status === 204) {
        // The delete went first: every later assignment found no task.
        expect(held).toBe(0);
        expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '1000', held: '0' });
      } else {
        expect(del.status).toBe(409);
        expect(held).toBeGreaterThan(0);
        expect(await balanceOf(t.app, owner.token)).toEqual({
          balance: String(1000 - 15 * held),
          held: String(15 * held),
        });
      }
    }
    await expectLedgerOk(t.app);
  }, 120_000);

  it('20 completions and 20 priced creations in one project: no 5xx, each completion paid once', async () => {
    const { owner, dev, project } = await createFundedTeam(t.app, { funds: '2000' });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const c = await createTask(owner.token, {
        projectID: project.id,
        summary: `Done ${i}`,
        assigneeID: dev.user.id,
        price: '10',
      });
      ids.push(c.body.id);
    }
    const results = await Promise.all([
      ...ids.map((id) =>
        call(t.app, 'POST', `/tasks/${id}/stage`, { token: owner.token, body: { stage: 'Complete' } }),
      ),
      ...ids.map((_, i) =>
        createTask(owner.token, { projectID: project.id, summary: `New ${i}`, assigneeID: dev.user.id, price: '10' }),
      ),
      // And the same completions again: the second of each is a no-op or a 409, never a second payment.
      ...ids.map((id) =>
        call(t.app, 'POST', `/tasks/${id}/stage`, { token: owner.token, body: { stage: 'Complete' } }),
      ),
    ]);
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(statuses),
    ).toEqual([]);
    // Lock conflicts that outlive their retries answer 409 'Busy', never 500; here none should.
    // Every creation passes. Of a task's two completions either may run first: the first pays
    // (200); the second finds the task complete (a no-op 200 or 409 completeIsFinal).
    const refused = (r: (typeof results)[number]) => ({ status: r.status, msg: r.body?.msg });
    expect(
      results
        .slice(20, 40)
        .filter((r) => r.status !== 200)
        .map(refused),
    ).toEqual([]);
    ids.forEach((id, i) => {
      const pair = [results[i], results[40 + i]];
      expect(
        pair.some((r) => r.status === 200),
        `task ${id}: ${JSON.stringify(pair.map(refused))}`,
      ).toBe(true);
      for (const r of pair.filter((r) => r.status !== 200)) {
        expect(refused(r)).toEqual({ status: 409, msg: TASK_MSG.completeIsFinal });
      }
    });
    expect(await balanceOf(t.app, dev.token)).toEqual({ balance: '200', held: '0' });
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '1600', held: '200' });
    await expectLedgerOk(t.app);
  }, 120_000);

  it('10 staff completes and 10 staff fails of one withdrawal: exactly one 200, the ledger agrees', async () => {
    const staff = await createStaff(t.app);
    for (let round = 0; round < 3; round++) {
      const user = await createUser(t.app);
      const { fundUser } = await import('../../factories/money');
      await fundUser(t.app, user.user.id, '100');
      const w = await call(t.app, 'POST', '/user/withdraw', {
        token: user.token,
        body: { currency: 'USDT', address: VALID.TRON, amount: '40', password: TEST_PASSWORD },
      });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(t.app, 'POST', `/admin/transactions/${w.body.id}/${i % 2 ? 'fail' : 'complete'}`, {
            token: staff.token,
            body: {},
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const tx = await call(t.app, 'GET', `/transactions/${w.body.id}`, { token: user.token });
      const winner = results.findIndex((r) => r.status === 200);
      expect(tx.body.status).toBe(winner % 2 ? 'Failed' : 'Complete');
      expect(await balanceOf(t.app, user.token)).toEqual(
        tx.body.status === 'Failed' ? { balance: '100', held: '0' } : { balance: '60', held: '0' },
      );
    }
    await expectLedgerOk(t.app);
  }, 60_000);

  it('removing an assignee racing assignments to them: either refused or the task is not theirs', async () => {
    const { owner, dev, project } = await createFundedTeam(t.app, { funds: '500' });
    const other = await createUser(t.app, { type: 'Developer' });
    await addMember(t.app, project.id, other.user.id);
    const tasks = [];
    for (let i = 0; i < 5; i++) {
      tasks.push((await createTask(owner.token, { projectID: project.id, summary: `R${i}`, price: '5' })).body.id);
    }
    const [removal, ...assigns] = await Promise.all([
      call(t.app, 'DELETE', `/projects/${project.id}/users/${dev.user.id}`, { token: owner.token }),
      ...tasks.map((id) =>
        call(t.app, 'PUT', `/tasks/${id}`, { token: owner.token, body: { assigneeID: dev.user.id } }),
      ),
    ]);
    const assigned = assigns.filter((a) => a.status === 200).length;
    expect([removal.status, ...assigns.map((a) => a.status)].every((s) => s < 500)).toBe(true);
    if (removal.status === 200) expect(assigned).toBe(0);
    else expect(removal.status).toBe(409);
    await expectLedgerOk(t.app);
  }, 60_000);
});
