import { REVIEW_MSG } from '@devmarket/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../../src/db/schema/index';
import { holdTaskEscrow, payTaskEscrow } from '../../../src/modules/ledger/escrow.service';
import { createPricedTask, fundUser } from '../../factories/money';
import { addMember, createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

type U = Awaited<ReturnType<typeof createUser>>;

/** Owner creates a priced task assigned to `dev` (holding escrow), then completes it: paid. */
async function paidTask(t: TestApp, owner: U, dev: U, opts: { tags?: string; price?: string; pay?: boolean } = {}) {
  const project = await createProject(t.app, owner.user.id, { tags: opts.tags ?? 'React,Node,AWS' });
  await addMember(t.app, project.id, dev.user.id);
  const r = await call(t.app, 'POST', '/tasks', {
    token: owner.token,
    body: { projectID: project.id, summary: 'Build it', price: opts.price ?? '40', assigneeID: dev.user.id },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const taskId: string = r.body.id;
  if (opts.pay !== false) {
    for (const stage of ['Review', 'Complete']) {
      const m = await call(t.app, 'POST', `/tasks/${taskId}/stage`, { token: owner.token, body: { stage } });
      expect(m.status, JSON.stringify(m.body)).toBe(200);
    }
  }
  return { project, taskId };
}

const review = (t: TestApp, token: string, taskId: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/tasks/${taskId}/review`, { token, body });

describe('reviews (FEEDBACK_WINDOW_DAYS 14)', () => {
  let t: TestApp;
  let owner: U;
  let dev: U;
  let outsider: U;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.app, { firstName: 'Olive', lastName: 'Owner' });
    dev = await createUser(t.app, { type: 'Developer', firstName: 'Dana', lastName: 'Dev' });
    outsider = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, owner.user.id, '1000');
  });
  afterAll(async () => t?.close());

  it('refuses a review before payment (409), by an outsider (403) and a second time (409)', async () => {
    const { taskId } = await paidTask(t, owner, dev, { pay: false });
    const early = await review(t, owner.token, taskId, { rating: 5, text: 'Great' });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(REVIEW_MSG.notPaid);
    for (const stage of ['Review', 'Complete']) {
      await call(t.app, 'POST', `/tasks/${taskId}/stage`, { token: owner.token, body: { stage } });
    }
    const other = await review(t, outsider.token, taskId, { rating: 1 });
    expect(other.status).toBe(403);
    expect(other.body.msg).toBe(REVIEW_MSG.notParty);
    const first = await review(t, owner.token, taskId, { rating: 5, text: 'Great', tags: ['React'] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      rating: 5,
      text: 'Great',
      tags: ['React'],
      reviewer: { firstName: 'Olive', lastName: 'Owner' },
    });
    const again = await review(t, owner.token, taskId, { rating: 4 });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(REVIEW_MSG.alreadyReviewed);
  });

  it('validates rating, text and tags (422 with per-field errors, nothing stored)', async () => {
    const { taskId } = await paidTask(t, owner, dev, { tags: 'React' });
    expectValidationError(await review(t, owner.token, taskId, { rating: 6 }), { rating: REVIEW_MSG.rating });
    expectValidationError(await review(t, owner.token, taskId, { rating: 5, text: 'x'.repeat(1001) }), {
      text: /1000/,
    });
    expectValidationError(await review(t, owner.token, taskId, { rating: 5, tags: ['AWS'] }), {
      tags: REVIEW_MSG.tagNotOnProject('AWS'),
    });
    expectValidationError(await review(t, dev.token, taskId, { rating: 5, tags: ['React'] }), {
      tags: REVIEW_MSG.tagsOnlyForDeveloper,
    });
    expectValidationError(await review(t, owner.token, taskId, { rating: 5, tags: ['React', 'Node', 'AWS', 'Vue'] }), {
      tags: REVIEW_MSG.tooManyTags,
    });
    const state = await call(t.app, 'GET', `/tasks/${taskId}/review`, { token: owner.token });
    expect(state.body).toMatchObject({ canReview: true, mine: null, allowedTags: ['React'] });
  });

  it('is double-blind: hidden until the other side reviews; averages, counts and endorsements exact', async () => {
    const client = await createUser(t.app, { firstName: 'Cleo' });
    const d = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, client.user.id, '1000');
    const a = await paidTask(t, client, d);
    const b = await paidTask(t, client, d);
    const c = await paidTask(t, client, d);

    expect((await review(t, client.token, a.taskId, { rating: 5, tags: ['React', 'AWS'] })).status).toBe(200);
    expect((await review(t, client.token, b.taskId, { rating: 4, tags: ['React'] })).status).toBe(200);
    expect((await review(t, client.token, c.taskId, { rating: 4 })).status).toBe(200);
    // Nothing is shown while the developer has not answered: no rating, no endorsements.
    let list = await call(t.app, 'GET', `/users/${d.user.id}/reviews`);
    expect(list.body).toEqual({ average: null, count: 0, reviews: [] });
    let profile = await call(t.app, 'GET', `/users/username/${d.user.username}`);
    expect(profile.body.rating).toEqual({ average: null, count: 0 });
    expect(profile.body.endorsements).toEqual([]);
    // The developer sees their own side only once they have reviewed too.
    const before = await call(t.app, 'GET', `/tasks/${a.taskId}/review`, { token: d.token });
    expect(before.body).toMatchObject({ canReview: true, theirs: null, mine: null });

    expect((await review(t, d.token, a.taskId, { rating: 3, text: 'Slow to pay' })).status).toBe(200);
    expect((await review(t, d.token, b.taskId, { rating: 5 })).status).toBe(200);
    list = await call(t.app, 'GET', `/users/${d.user.id}/reviews`);
    expect(list.body.count).toBe(2);
    expect(list.body.average).toBe(4.5);
    expect(list.body.reviews.map((r: { rating: number }) => r.rating).sort()).toEqual([4, 5]);
    expect(list.body.reviews[0]).toMatchObject({ project: { name: expect.any(String), handle: expect.any(String) } });
    profile = await call(t.app, 'GET', `/users/username/${d.user.username}`);
    expect(profile.body.rating).toEqual({ average: 4.5, count: 2 });
    expect(profile.body.completedPaidTasks).toBe(3);
    // Review c is still hidden, so its (absent) tags and rating count for nothing; AWS once, React twice.
    expect(profile.body.endorsements).toEqual([
      { tag: 'React', count: 2 },
      { tag: 'AWS', count: 1 },
    ]);
    const clientReviews = await call(t.app, 'GET', `/users/${client.user.id}/reviews`);
    expect(clientReviews.body).toMatchObject({ average: 4, count: 2 });
    const after = await call(t.app, 'GET', `/tasks/${a.taskId}/review`, { token: d.token });
    expect(after.body).toMatchObject({ canReview: false, reason: REVIEW_MSG.alreadyReviewed });
    expect(after.body.theirs).toMatchObject({ rating: 5, tags: ['React', 'AWS'] });
  });

  it('two reviews written at the same moment reveal each other', async () => {
    const client = await createUser(t.app);
    const d = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, client.user.id, '100');
    const { taskId } = await paidTask(t, client, d);
    const [a, b] = await Promise.all([
      review(t, client.token, taskId, { rating: 5 }),
      review(t, d.token, taskId, { rating: 3 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await call(t.app, 'GET', `/users/${d.user.id}/reviews`)).body).toMatchObject({ average: 5, count: 1 });
    expect((await call(t.app, 'GET', `/users/${client.user.id}/reviews`)).body).toMatchObject({ average: 3, count: 1 });
  });

  it('never lets a self-funded task be reviewed', async () => {
    const solo = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, solo.user.id, '100');
    const { task, project } = await createPricedTask(t.app, { ownerId: solo.user.id, price: '30' });
    // Written directly: the API refuses the owner as the assignee of a priced task (DESIGN §8), but
    // older rows or a future path must still earn nothing.
    await t.app.db.transaction(async (tx) => {
      await tx.update(tasks).set({ assigneeId: solo.user.id, stage: 'Complete' }).where(eq(tasks.id, task.id));
      await holdTaskEscrow(tx, { taskId: task.id, ownerId: solo.user.id, amount: 30_000_000n });
      await payTaskEscrow(tx, { taskId: task.id, assigneeId: solo.user.id, projectId: project.id });
    });
    const r = await review(t, solo.token, task.id, { rating: 5 });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe(REVIEW_MSG.selfFunded);
    const list = await call(t.app, 'GET', `/users/${solo.user.id}/reviews`);
    expect(list.body).toMatchObject({ average: null, count: 0 });
  });
});

describe('reviews with a tiny feedback window', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 0.5 s: a lone review is shown once the window has passed, and a late review is refused.
    t = await buildTestApp({ FEEDBACK_WINDOW_DAYS: String(0.5 / 86_400) });
  });
  afterAll(async () => t?.close());

  it('shows a lone review once the window has passed and then refuses new reviews (409)', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, owner.user.id, '100');
    const { taskId } = await paidTask(t, owner, dev, { tags: 'Vue' });
    const r = await review(t, owner.token, taskId, { rating: 2, tags: ['Vue'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await call(t.app, 'GET', `/users/${dev.user.id}/reviews`)).body.count).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const list = await call(t.app, 'GET', `/users/${dev.user.id}/reviews`);
    expect(list.body).toMatchObject({ average: 2, count: 1 });
    const profile = await call(t.app, 'GET', `/users/username/${dev.user.username}`);
    expect(profile.body.endorsements).toEqual([{ tag: 'Vue', count: 1 }]);
    const late = await review(t, dev.token, taskId, { rating: 5 });
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(REVIEW_MSG.windowClosed);
  });
});
