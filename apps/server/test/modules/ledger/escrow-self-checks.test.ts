import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../../src/db/client';
import { checkLedger } from '../../../src/modules/ledger/ledger-check';
import { createFundedTeam } from '../../factories/money';
import { buildTestApp, call, type TestApp } from '../../helper';
import { expectLedgerOk } from './support';

/** DESIGN §8 self-checks: each invariant broken on purpose is named by ledger-check. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

class Rollback extends Error {}

/** Breaks the database inside a transaction, reads the report there, then rolls everything back. */
async function problemsAfter(breach: (tx: Tx) => Promise<unknown>): Promise<string[]> {
  let problems: string[] = [];
  await t.app.db
    .transaction(async (tx) => {
      await breach(tx);
      problems = (await checkLedger(tx)).problems;
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return problems;
}

async function paidTask() {
  const team = await createFundedTeam(t.app, { funds: '100' });
  const c = await call(t.app, 'POST', '/tasks', {
    token: team.owner.token,
    body: { projectID: team.project.id, summary: 'Paid work', assigneeID: team.dev.user.id, price: '30' },
  });
  await call(t.app, 'POST', `/tasks/${c.body.id}/stage`, { token: team.owner.token, body: { stage: 'Complete' } });
  const held = await call(t.app, 'POST', '/tasks', {
    token: team.owner.token,
    body: { projectID: team.project.id, summary: 'Held work', assigneeID: team.dev.user.id, price: '20' },
  });
  return { ...team, paid: c.body, held: held.body };
}

describe('ledger-check proves the escrow invariants', () => {
  it('passes on a clean history', async () => {
    await paidTask();
    await expectLedgerOk(t.app);
  });

  it('names a hold row with no task', async () => {
    const { owner } = await paidTask();
    const problems = await problemsAfter(async (tx) => {
      // Foreign keys are triggers: replica mode is how a broken restore or a manual edit gets past them.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into escrow_holds (task_id, owner_id, amount, status)
            values ('00000000-0000-4000-8000-000000000001', ${owner.user.id}, 5000000, 'held')`,
      );
    });
    expect(problems).toContainEqual('open hold of task 00000000-0000-4000-8000-000000000001 has no task');
  });

  it('names a hold whose task has no assignee, and one for another amount than the price', async () => {
    const { held } = await paidTask();
    const unassigned = await problemsAfter((tx) =>
      tx.execute(sql`update tasks set assignee_id = null where id = ${held.id}`),
    );
    expect(unassigned).toContainEqual(`open hold of task ${held.identifier} belongs to a task with no assignee`);
    const repriced = await problemsAfter((tx) => tx.execute(sql`update tasks set price = 1 where id = ${held.id}`));
    expect(repriced).toContainEqual(`open hold of task ${held.identifier} differs from the task price 1`);
  });

  it('names a double payment', async () => {
    const { paid } = await paidTask();
    const problems = await problemsAfter((tx) =>
      tx.execute(
        sql`insert into transactions (user_id, type, status, currency, amount, task_id, project_id, description)
            select user_id, type, status, currency, amount, task_id, project_id, description
            from transactions where task_id = ${paid.id}`,
      ),
    );
    expect(problems).toContainEqual(`task ${paid.identifier} was paid 2 times out and 2 times in (at most once each)`);
  });

  it('names a Complete priced task that was never paid', async () => {
    const { held } = await paidTask();
    const problems = await problemsAfter(async (tx) => {
      await tx.execute(sql`update escrow_holds set status = 'released' where task_id = ${held.id}`);
      await tx.execute(sql`update tasks set stage = 'Complete' where id = ${held.id}`);
    });
    expect(problems).toContainEqual(`Complete priced task ${held.identifier} was never paid`);
  });

  it('names wrong cached totals (project spend, completed count)', async () => {
    const { project, dev } = await paidTask();
    const problems = await problemsAfter(async (tx) => {
      await tx.execute(sql`update projects set cached_total_spent = cached_total_spent + 1 where id = ${project.id}`);
      await tx.execute(sql`update users set cached_tasks_completed = 7 where id = ${dev.user.id}`);
    });
    expect(problems).toContainEqual(
      `project ${project.name} (${project.id}) caches total spent 30000001 but its payments sum to 30000000`,
    );
    expect(problems).toContainEqual(`user ${dev.user.id} caches 7 completed tasks but was paid for 1`);
    await expectLedgerOk(t.app);
  });
});
