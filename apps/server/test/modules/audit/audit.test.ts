import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coreCommands } from '../../../src/cli/core-commands';
import { holdTaskEscrow } from '../../../src/modules/ledger/escrow.service';
import { createFundedAssignedTask } from '../../factories/money';
import { createProject } from '../../factories/projects';
import { createStaff, createUser } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type Entry = {
  id: string;
  at: string;
  actor: { id: string | null; email: string };
  action: string;
  target: { type: string; id: string };
  detail: Record<string, unknown>;
};

const audit = async (token: string, query = '') => {
  const r = await call(t.app, 'GET', `/admin/audit${query}`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Entry[];
};

describe('the staff audit log (DESIGN §15)', () => {
  it('records every listed staff act with its actor, target and detail', async () => {
    const staff = await createStaff(t.app);
    const actor = { id: staff.user.id, email: staff.user.email };
    const post = (url: string, body?: unknown) => call(t.app, 'POST', url, { token: staff.token, body });

    const dev = await createUser(t.app, {
      type: 'Developer',
      verified: false,
      emailVerifiedAt: new Date(),
      reviewStatus: 'pending',
    });
    const dev2 = await createUser(t.app, {
      type: 'Developer',
      verified: false,
      emailVerifiedAt: new Date(),
      reviewStatus: 'pending',
    });
    expect(
      (
        await post(`/admin/developers/${dev.user.id}/approve`, {
          checks: { identity: true, skills: true, experience: true },
        })
      ).status,
    ).toBe(200);
    expect((await post(`/admin/developers/${dev2.user.id}/reject`, { reason: 'No links' })).status).toBe(200);

    const owner = await createUser(t.app);
    const project = await createProject(t.app, owner.user.id);
    expect((await post(`/admin/projects/${project.id}/verify`)).status).toBe(200);
    expect((await post(`/admin/projects/${project.id}/feature`, { featured: false })).status).toBe(200);

    const depositor = await createUser(t.app);
    const d1 = await call(t.app, 'POST', '/user/deposit', { token: depositor.token, body: { currency: 'USDT' } });
    expect((await post(`/admin/transactions/${d1.body.transactionID}/complete`, { amount: '100' })).status).toBe(200);
    const d2 = await call(t.app, 'POST', '/user/deposit', { token: depositor.token, body: { currency: 'USDT' } });
    expect((await post(`/admin/transactions/${d2.body.transactionID}/fail`)).status).toBe(200);

    const deal = await createFundedAssignedTask(t.app, { funds: '100', price: '40' });
    await t.app.db.transaction((tx) =>
      holdTaskEscrow(tx, { taskId: deal.task.id, ownerId: deal.owner.user.id, amount: 40_000_000n }),
    );
    const opened = await call(t.app, 'POST', `/tasks/${deal.task.id}/dispute`, {
      token: deal.owner.token,
      body: { reason: 'Not delivered' },
    });
    expect(opened.status).toBe(200);
    const disputeId = opened.body.dispute.id;
    expect((await post(`/admin/disputes/${disputeId}/resolve`, { outcome: 'split', amount: '15' })).status).toBe(200);

    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await coreCommands['create-staff'].run({
      database: t.database,
      config: t.config,
      args: { email: 'new-staff@example.com', password: 'a-long-password-1' },
    });
    log.mockRestore();

    const entries = await audit(staff.token, '?limit=100');
    const byAction = (a: string) => entries.filter((e) => e.action === a);
    expect(byAction('developer.approve')[0]).toMatchObject({
      actor,
      target: { type: 'user', id: dev.user.id },
      detail: { email: dev.user.email },
    });
    expect(byAction('developer.reject')[0]).toMatchObject({
      actor,
      target: { type: 'user', id: dev2.user.id },
      detail: { reason: 'No links' },
    });
    expect(byAction('project.verify')[0]).toMatchObject({
      actor,
      target: { type: 'project', id: project.id },
      detail: { verified: true },
    });
    expect(byAction('project.feature')[0]).toMatchObject({
      actor,
      target: { type: 'project', id: project.id },
      detail: { featured: false },
    });
    expect(byAction('transaction.complete')[0]).toMatchObject({
      actor,
      target: { type: 'transaction', id: d1.body.transactionID },
      detail: { type: 'Deposit', amount: '100', userId: depositor.user.id },
    });
    expect(byAction('transaction.fail')[0]).toMatchObject({
      actor,
      target: { type: 'transaction', id: d2.body.transactionID },
    });
    expect(byAction('dispute.resolve')[0]).toMatchObject({
      actor,
      target: { type: 'dispute', id: disputeId },
      detail: { outcome: 'split', amount: '15', taskId: deal.task.id },
    });
    const created = byAction('staff.create')[0];
    expect(created.actor.id).toBeNull();
    expect(created.actor.email).toMatch(/^cli:/);
    expect(created.detail).toMatchObject({ email: 'new-staff@example.com', existed: false });
    // Newest first, ids ascending with time.
    const ids = entries.map((e) => BigInt(e.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
    expect(entries[0].action).toBe('staff.create');
    for (const e of entries) expect(Number.isNaN(Date.parse(e.at))).toBe(false);
  });

  it('an act that fails writes no entry (same transaction)', async () => {
    const staff = await createStaff(t.app);
    const before = (await audit(staff.token, '?action=transaction.complete')).length;
    const u = await createUser(t.app);
    const d = await call(t.app, 'POST', '/user/deposit', { token: u.token, body: { currency: 'USDT' } });
    await call(t.app, 'POST', `/admin/transactions/${d.body.transactionID}/fail`, { token: staff.token });
    // Completing a transaction that is no longer Pending is a 409 and leaves no record.
    const r = await call(t.app, 'POST', `/admin/transactions/${d.body.transactionID}/complete`, {
      token: staff.token,
      body: { amount: '5' },
    });
    expect(r.status).toBe(409);
    expect((await audit(staff.token, '?action=transaction.complete')).length).toBe(before);
  });

  it('pages with before and limit, filters by action and actor; staff only; 422 on bad paging', async () => {
    const a = await createStaff(t.app);
    const b = await createStaff(t.app);
    const owner = await createUser(t.app);
    for (let i = 0; i < 3; i++) {
      const p = await createProject(t.app, owner.user.id);
      await call(t.app, 'POST', `/admin/projects/${p.id}/verify`, { token: a.token });
      await call(t.app, 'POST', `/admin/projects/${p.id}/feature`, { token: b.token });
    }
    const all = await audit(a.token, '?limit=100');
    const first = await audit(a.token, '?limit=2');
    expect(first).toEqual(all.slice(0, 2));
    const next = await audit(a.token, `?limit=2&before=${first[1].id}`);
    expect(next).toEqual(all.slice(2, 4));
    const byB = await audit(a.token, `?actorId=${b.user.id}`);
    expect(byB).toHaveLength(3);
    expect(byB.every((e) => e.actor.id === b.user.id && e.action === 'project.feature')).toBe(true);
    const verifies = await audit(a.token, `?action=project.verify&actorId=${a.user.id}`);
    expect(verifies).toHaveLength(3);

    const user = await createUser(t.app);
    expect((await call(t.app, 'GET', '/admin/audit', { token: user.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/admin/audit')).status).toBe(401);
    expectValidationError(await call(t.app, 'GET', '/admin/audit?limit=101', { token: a.token }), {
      limit: 'Must be a number from 1 to 100',
    });
    expectValidationError(await call(t.app, 'GET', '/admin/audit?before=abc&action=nope', { token: a.token }), {
      before: 'Must be an entry id',
      action: 'Unknown action',
    });
  });

  it("the database refuses UPDATE, DELETE and TRUNCATE, even through the application's own connection", async () => {
    const staff = await createStaff(t.app);
    const [entry] = await audit(staff.token, '?limit=1');
    expect(entry).toBeDefined();
    const attempts = [
      sql`update audit_log set actor_email = 'someone-else@example.com' where id = ${entry.id}`,
      sql`delete from audit_log where id = ${entry.id}`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ];
    for (const q of attempts) {
      await expect(t.app.db.execute(q)).rejects.toThrow();
    }
    // Inside a transaction too, and the row is unchanged.
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`update audit_log set detail = '{}'::jsonb`);
      }),
    ).rejects.toThrow();
    const [again] = await audit(staff.token, '?limit=1');
    expect(again).toEqual(entry);
    const err = await t.app.db.execute(sql`delete from audit_log`).catch((e: Error) => e);
    expect(String((err as Error & { cause?: Error }).cause?.message ?? (err as Error).message)).toMatch(/append-only/);
  });
});
