import { REVIEW_MSG } from '@devmarket/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/rows';
import { reviews } from '../../../src/db/schema/index';
import { fundUser } from '../../factories/money';
import { addMember, createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';

type U = Awaited<ReturnType<typeof createUser>>;

/**
 * DESIGN §19 "Reputation is earned from real work" (issue 28.17): reviews, endorsements and the
 * completed-paid-task count come only from a task priced at least MIN_REPUTATION_PRICE (default
 * 5 USDT) and paid to an approved developer.
 */
describe('reputation floor (MIN_REPUTATION_PRICE 5)', () => {
  let t: TestApp;
  let owner: U;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.app, { firstName: 'Fay', lastName: 'Farmer' });
    await fundUser(t.app, owner.user.id, '1000');
  });
  afterAll(async () => t?.close());

  /** The owner assigns a task of `price` to `assignee` through the API and pays it (Review → Complete). */
  async function paid(assignee: U, price: string, tags = 'React,Node') {
    const project = await createProject(t.app, owner.user.id, { tags });
    await addMember(t.app, project.id, assignee.user.id);
    const r = await call(t.app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: project.id, summary: 'Work', price, assigneeID: assignee.user.id },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const stage of ['Review', 'Complete']) {
      const m = await call(t.app, 'POST', `/tasks/${r.body.id}/stage`, { token: owner.token, body: { stage } });
      expect(m.status, JSON.stringify(m.body)).toBe(200);
    }
    return { taskId: r.body.id as string, projectId: project.id };
  }
  const review = (token: string, taskId: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', `/tasks/${taskId}/review`, { token, body });
  const profile = async (id: string) => {
    const u = await call(t.app, 'GET', `/users/${id}`, { token: owner.token });
    expect(u.status).toBe(200);
    const { rating, endorsements, completedPaidTasks, cachedTasksCompleted } = u.body;
    return { rating, endorsements, completedPaidTasks, cachedTasksCompleted };
  };
  const nothing = {
    rating: { average: null, count: 0 },
    endorsements: [],
    completedPaidTasks: 0,
    cachedTasksCompleted: 0,
  };

  it('farming: 0.000001 USDT paid to a second Client account and reviewed 5 stars is refused (409), the profile unchanged', async () => {
    const puppet = await createUser(t.app, { firstName: 'Sock', lastName: 'Puppet' });
    const before = await profile(puppet.user.id);
    expect(before).toEqual(nothing);
    const { taskId } = await paid(puppet, '0.000001');
    const r = await review(owner.token, taskId, { rating: 5, text: 'Superb', tags: ['React', 'Node'] });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(REVIEW_MSG.notEarned);
    expect(r.body.msg).toBe('Reviews are for paid work by an approved developer');
    // The other direction earns the owner nothing either.
    const back = await review(puppet.token, taskId, { rating: 5 });
    expect(back.status).toBe(409);
    expect(back.body.msg).toBe(REVIEW_MSG.notEarned);
    expect(await profile(puppet.user.id)).toEqual(before);
    expect((await call(t.app, 'GET', `/users/${puppet.user.id}/reviews`)).body).toEqual({
      average: null,
      count: 0,
      reviews: [],
    });
    // The task page says why instead of offering the form.
    const state = await call(t.app, 'GET', `/tasks/${taskId}/review`, { token: owner.token });
    expect(state.body).toMatchObject({ canReview: false, reason: REVIEW_MSG.notEarned });
  });

  it('a Client account paid above the floor earns nothing either', async () => {
    const client = await createUser(t.app);
    const { taskId } = await paid(client, '500');
    const r = await review(owner.token, taskId, { rating: 5 });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(REVIEW_MSG.notEarned);
    expect(await profile(client.user.id)).toEqual(nothing);
  });

  it('a task below the floor paid to an approved developer: reviews refused, count and rating ignore it', async () => {
    const dev = await createUser(t.app, { type: 'Developer' });
    const { taskId } = await paid(dev, '4.999999');
    for (const token of [owner.token, dev.token]) {
      const r = await review(token, taskId, { rating: 5 });
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(REVIEW_MSG.notEarned);
    }
    expect(await profile(dev.user.id)).toEqual(nothing);
    // The money itself moved exactly.
    const me = await call(t.app, 'GET', '/user', { token: dev.token });
    expect(me.body.cachedBalance).toBe('4.999999');
    expect(me.body.completedPaidTasks).toBe(0);
  });

  it('a task at the floor counts: rating, endorsements, completed count and the client standing', async () => {
    const dev = await createUser(t.app, { type: 'Developer' });
    const { taskId } = await paid(dev, '5');
    expect((await review(owner.token, taskId, { rating: 4, tags: ['React'] })).status).toBe(200);
    expect((await review(dev.token, taskId, { rating: 5 })).status).toBe(200);
    expect(await profile(dev.user.id)).toEqual({
      rating: { average: 4, count: 1 },
      endorsements: [{ tag: 'React', count: 1 }],
      completedPaidTasks: 1,
      cachedTasksCompleted: 1,
    });
    const list = await call(t.app, 'GET', `/users/${dev.user.id}/reviews`);
    expect(list.body).toMatchObject({ average: 4, count: 1 });
    expect(list.body.reviews).toHaveLength(1);
    expect((await call(t.app, 'GET', `/users/${owner.user.id}/reviews`)).body).toMatchObject({ average: 5, count: 1 });
  });

  it('reviews written before the rule on a below-floor task count for nothing', async () => {
    const dev = await createUser(t.app, { type: 'Developer' });
    const { taskId, projectId } = await paid(dev, '1');
    // Written directly, as an older row would be: shown at once, with an endorsement.
    await t.app.db.insert(reviews).values({
      taskId,
      projectId,
      reviewerId: owner.user.id,
      revieweeId: dev.user.id,
      subject: 'developer',
      rating: 5,
      text: 'Farmed',
      tags: ['React'],
      visibleAt: new Date(0),
    });
    await t.app.db.insert(reviews).values({
      taskId,
      projectId,
      reviewerId: dev.user.id,
      revieweeId: owner.user.id,
      subject: 'client',
      rating: 1,
      text: 'Farmed back',
      tags: [],
      visibleAt: new Date(0),
    });
    expect(await profile(dev.user.id)).toEqual(nothing);
    expect((await call(t.app, 'GET', `/users/${dev.user.id}/reviews`)).body).toEqual({
      average: null,
      count: 0,
      reviews: [],
    });
    // The owner's standing (listing cards, details) ignores it too: one earned review of 5 above.
    const details = await call(t.app, 'GET', `/projects/${projectId}/details`, { token: owner.token });
    expect(details.body.client.rating).toEqual({ average: 5, count: 1 });
    // Hires: only the 5 USDT task above was paid to an approved developer at the floor.
    expect(details.body.client.hires).toBe(1);
  });

  it("the rule reads the review's copy of its task's price and assignee, which follows the task (migration 0015)", async () => {
    const dev = await createUser(t.app, { type: 'Developer' });
    const { taskId } = await paid(dev, '6');
    expect((await review(owner.token, taskId, { rating: 3 })).status).toBe(200);
    expect((await review(dev.token, taskId, { rating: 4 })).status).toBe(200);
    const copied = async () => ({
      rows: await queryRows<{ price: string; assignee: string }>(
        t.app.db,
        sql`select task_price::text as price, task_assignee_id as assignee from reviews where task_id = ${taskId}`,
      ),
    });
    expect((await copied()).rows).toEqual([
      { price: '6000000', assignee: dev.user.id },
      { price: '6000000', assignee: dev.user.id },
    ]);
    expect((await profile(dev.user.id)).rating).toEqual({ average: 3, count: 1 });
    // No route changes a paid task's price; the database keeps the copy true whatever writes it.
    await t.app.db.execute(sql`update tasks set price = 4000000 where id = ${taskId}`);
    expect(new Set((await copied()).rows.map((r) => r.price))).toEqual(new Set(['4000000']));
    expect((await profile(dev.user.id)).rating).toEqual({ average: null, count: 0 });
    await t.app.db.execute(sql`update tasks set price = 5000000, assignee_id = ${owner.user.id} where id = ${taskId}`);
    expect((await copied()).rows.every((r) => r.price === '5000000' && r.assignee === owner.user.id)).toBe(true);
    // Priced at the floor again, but paid to a Client account: still nothing.
    expect((await profile(dev.user.id)).rating).toEqual({ average: null, count: 0 });
    await t.app.db.execute(sql`update tasks set assignee_id = ${dev.user.id} where id = ${taskId}`);
    expect((await profile(dev.user.id)).rating).toEqual({ average: 3, count: 1 });
    // The application cannot write the copy: the database fills it from the task.
    await t.app.db.execute(sql`update reviews set task_price = 999000000 where task_id = ${taskId}`);
    expect((await copied()).rows[0].price).toBe('5000000');
  });
});

describe('reputation floor set by MIN_REPUTATION_PRICE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ MIN_REPUTATION_PRICE: '0.5' });
  });
  afterAll(async () => t?.close());

  it('a 1 USDT task counts when the floor is 0.5', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, owner.user.id, '10');
    const project = await createProject(t.app, owner.user.id);
    await addMember(t.app, project.id, dev.user.id);
    const r = await call(t.app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: project.id, summary: 'Small', price: '1', assigneeID: dev.user.id },
    });
    for (const stage of ['Review', 'Complete']) {
      await call(t.app, 'POST', `/tasks/${r.body.id}/stage`, { token: owner.token, body: { stage } });
    }
    expect(
      (await call(t.app, 'POST', `/tasks/${r.body.id}/review`, { token: owner.token, body: { rating: 5 } })).status,
    ).toBe(200);
    const u = await call(t.app, 'GET', `/users/${dev.user.id}`, { token: owner.token });
    expect(u.body.completedPaidTasks).toBe(1);
  });
});
