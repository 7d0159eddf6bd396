import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject } from '../../factories/projects';
import { insertTasks } from '../../factories/tasks';
import { createUser } from '../../factories/users';
import { tasksRepo } from '../../../src/modules/tasks';
import { buildTestApp, call, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/**
 * GET /project/{id}/tasks must not grow with the number of tasks (no N+1): we count the SQL
 * statements the driver receives during one request. Both drivers (PGlite and node-postgres) send
 * every statement through `client.query` of drizzle's session.
 */
async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const client = (t.app.db as any).session.client as { query: (...args: unknown[]) => Promise<unknown> };
  const original = client.query;
  const queries: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    queries.push(typeof q === 'string' ? q : String((q as { text?: string })?.text ?? q));
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), queries };
  } finally {
    client.query = original;
  }
}

describe('GET /project/{id}/tasks', () => {
  it('answers 500 tasks with the same number of queries as 5: auth, access, one list query', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    const small = await createProject(t.app, owner.user.id);
    const big = await createProject(t.app, owner.user.id);
    await addMember(t.app, big.id, dev.user.id);
    await insertTasks(t.app, small, owner.user.id, 5);
    await insertTasks(t.app, big, owner.user.id, 250, { assigneeId: dev.user.id, stage: 'In Progress' });
    await insertTasks(t.app, { id: big.id, key: `${big.key}X` }, owner.user.id, 250);

    const a = await countQueries(() => call(t.app, 'GET', `/project/${small.id}/tasks`, { token: owner.token }));
    const started = performance.now();
    const b = await countQueries(() => call(t.app, 'GET', `/project/${big.id}/tasks`, { token: owner.token }));
    const ms = performance.now() - started;

    expect(a.result.body).toHaveLength(5);
    expect(b.result.body).toHaveLength(500);
    expect(b.result.body.find((x: { Assignee: unknown }) => x.Assignee)).toMatchObject({
      Assignee: { id: dev.user.id },
    });
    expect(b.queries.length).toBe(a.queries.length);
    // session lookup + project access + the task list
    expect(b.queries.length).toBeLessThanOrEqual(3);
    expect(b.queries.filter((q) => /from tasks/i.test(q))).toHaveLength(1);
    console.info(`500 tasks: ${b.queries.length} queries, ${ms.toFixed(0)} ms`);
  });
});

describe("a task's activities", () => {
  it('list newest first in the order they were written, even when they share a timestamp', async () => {
    const owner = await createUser(t.app);
    const project = await createProject(t.app, owner.user.id);
    const [task] = await insertTasks(t.app, project, owner.user.id, 1);
    const texts = Array.from({ length: 30 }, (_, i) => `step ${i}`);
    await t.app.ctx.db.transaction(async (tx) => {
      for (const text of texts) await tasksRepo.addActivity(tx, { taskId: task.id, userId: owner.user.id, text });
    });
    // Steps written in one request can share created_at (PGlite's clock ticks in milliseconds); here
    // all of them do, so only the insertion order can put them right.
    await t.app.db.execute(sql`update activities set created_at = now() where task_id = ${task.id}`);
    const listed = await tasksRepo.activities(t.app.ctx.db, task.id);
    expect(listed.map((a) => a.text)).toEqual([...texts].reverse());
  });
});
