import { TASK_MSG } from '@devmarket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../../src/job-registry';
import { runDueJobs } from '../../../src/modules/jobs/jobs.runner';
import { createFundedTeam } from '../../factories/money';
import { createStaff } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';
import { balanceOf, expectLedgerOk } from '../ledger/support';

/** DESIGN §8 review window and disputes. The window is ~0.2 s here, so auto-releases come due at once. */
const WINDOW_MS = 200;
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await buildTestApp({ REVIEW_WINDOW_DAYS: String(WINDOW_MS / 86_400_000) });
  staff = await createStaff(t.app);
});
afterAll(async () => t?.close());

const post = (token: string, url: string, body?: unknown) => call(t.app, 'POST', url, { token, body });
const move = (token: string, id: string, stage: string) => post(token, `/tasks/${id}/stage`, { stage });
const windowPassed = () => new Promise((r) => setTimeout(r, WINDOW_MS + 20));
const runJobs = () => runDueJobs(t.app.ctx, jobHandlers);

async function taskInReview(price = '40') {
  const team = await createFundedTeam(t.app, { funds: '100' });
  const c = await post(team.owner.token, '/tasks', {
    projectID: team.project.id,
    summary: 'Checkout flow',
    assigneeID: team.dev.user.id,
    price,
  });
  const r = await move(team.dev.token, c.body.id, 'Review');
  expect(r.status).toBe(200);
  return { ...team, task: { ...c.body, ...r.body } };
}

describe('review window', () => {
  it('entering Review sets reviewDeadline; the owner requests changes with a reason (assignee 403, 422 without)', async () => {
    const { owner, dev, task } = await taskInReview();
    expect(Date.parse(task.reviewDeadline)).toBeGreaterThan(Date.now() - 1000);
    expect((await post(dev.token, `/tasks/${task.id}/request-changes`, { reason: 'No' })).status).toBe(403);
    expectValidationError(await post(owner.token, `/tasks/${task.id}/request-changes`, { reason: '' }), {
      reason: /required/,
    });
    expectValidationError(await post(owner.token, `/tasks/${task.id}/request-changes`, { reason: 'x'.repeat(1001) }), {
      reason: /1000/,
    });
    const r = await post(owner.token, `/tasks/${task.id}/request-changes`, { reason: 'The totals are wrong' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ stage: 'In Progress', reviewDeadline: null });
    const detail = await call(t.app, 'GET', `/tasks/${task.id}`, { token: dev.token });
    expect(detail.body.Activities[0]).toMatchObject({
      kind: 'comment',
      text: 'The totals are wrong',
      userID: owner.user.id,
    });
    expect((await post(owner.token, `/tasks/${task.id}/request-changes`, { reason: 'Again' })).status).toBe(409);
    // The stale auto-release of the first round pays nothing.
    await windowPassed();
    await runJobs();
    expect(await balanceOf(t.app, dev.token)).toEqual({ balance: '0', held: '0' });
  });

  it('auto-releases once when the window passes, as the owner would have', async () => {
    const { owner, dev, task } = await taskInReview();
    await windowPassed();
    await Promise.all([runJobs(), runJobs()]);
    await runJobs();
    expect(await balanceOf(t.app, dev.token)).toEqual({ balance: '40', held: '0' });
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '60', held: '0' });
    const detail = await call(t.app, 'GET', `/tasks/${task.id}`, { token: owner.token });
    expect(detail.body).toMatchObject({ stage: 'Complete', reviewDeadline: null });
    expect(detail.body.Activities[0]).toMatchObject({ kind: 'system', userID: null, name: 'DevMarket' });
    expect(detail.body.Activities[0].text).toMatch(/completed automatically; 40 USDT paid/);
    await expectLedgerOk(t.app);
  });

  it('does not auto-release while a dispute is open', async () => {
    const { dev, task } = await taskInReview();
    expect((await post(dev.token, `/tasks/${task.id}/dispute`, { reason: 'Client went silent' })).status).toBe(200);
    await windowPassed();
    await runJobs();
    expect(await balanceOf(t.app, dev.token)).toEqual({ balance: '0', held: '0' });
    expect((await call(t.app, 'GET', `/tasks/${task.id}`, { token: dev.token })).body.stage).toBe('Review');
  });
});

describe('disputes', () => {
  it('owner or assignee open one (others 403, a second 409, 422 without reason); every frozen action answers 409', async () => {
    const { owner, dev, member, task } = await taskInReview();
    expect((await post(member.token, `/tasks/${task.id}/dispute`, { reason: 'Me too' })).status).toBe(403);
    expectValidationError(await post(owner.token, `/tasks/${task.id}/dispute`, {}), { reason: /required/ });
    const opened = await post(owner.token, `/tasks/${task.id}/dispute`, { reason: 'Half of it is missing' });
    expect(opened.status).toBe(200);
    expect(opened.body.dispute).toMatchObject({
      status: 'Open',
      openedBy: owner.user.id,
      reason: 'Half of it is missing',
    });
    const second = await post(dev.token, `/tasks/${task.id}/dispute`, { reason: 'No, it is all there' });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe(TASK_MSG.disputeOpen);
    for (const r of [
      await move(dev.token, task.id, 'In Progress'),
      await move(owner.token, task.id, 'Complete'),
      await post(owner.token, `/tasks/${task.id}/unassign`),
      await post(owner.token, `/tasks/${task.id}/request-changes`, { reason: 'Fix it' }),
    ]) {
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(TASK_MSG.inDispute);
    }
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '60', held: '40' });
    // The client's dashboard lists it (DESIGN §10).
    const dashboard = await call(t.app, 'GET', '/dashboard', { token: owner.token });
    expect(dashboard.body.disputes).toEqual([
      expect.objectContaining({ taskID: task.id, identifier: task.identifier, reason: 'Half of it is missing' }),
    ]);
  });

  it('the assignee can open one; an unpriced or unassigned task cannot be disputed', async () => {
    const { owner, dev, project, task } = await taskInReview();
    expect((await post(dev.token, `/tasks/${task.id}/dispute`, { reason: 'Unpaid' })).status).toBe(200);
    const free = await post(owner.token, '/tasks', { projectID: project.id, summary: 'Free', assigneeID: dev.user.id });
    const r = await post(owner.token, `/tasks/${free.body.id}/dispute`, { reason: 'x' });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(TASK_MSG.notDisputable);
  });

  it('staff list and resolve: release, refund and split move exactly the right amounts, once', async () => {
    const release = await taskInReview('40');
    const refund = await taskInReview('40');
    const split = await taskInReview('40');
    for (const s of [release, refund, split]) {
      await post(s.dev.token, `/tasks/${s.task.id}/dispute`, { reason: 'Please decide' });
    }
    expect((await call(t.app, 'GET', '/admin/disputes', { token: release.owner.token })).status).toBe(403);
    const open = await call(t.app, 'GET', '/admin/disputes?status=Open', { token: staff.token });
    const item = open.body.find((d: { taskID: string }) => d.taskID === split.task.id);
    expect(item).toMatchObject({
      status: 'Open',
      identifier: split.task.identifier,
      projectID: split.project.id,
      owner: { id: split.owner.user.id },
      assignee: { id: split.dev.user.id },
      reason: 'Please decide',
    });
    const detail = await call(t.app, 'GET', `/admin/disputes/${item.id}`, { token: staff.token });
    expect(detail.status).toBe(200);
    expect(detail.body.task.Activities.length).toBeGreaterThan(0);
    const idOf = (s: typeof split) => open.body.find((d: { taskID: string }) => d.taskID === s.task.id).id;
    const resolve = (id: string, body: unknown) => post(staff.token, `/admin/disputes/${id}/resolve`, body);

    expectValidationError(await resolve(idOf(split), { outcome: 'split' }), { amount: TASK_MSG.splitAmount });
    expectValidationError(await resolve(idOf(split), { outcome: 'split', amount: '40' }), {
      amount: TASK_MSG.splitAmount,
    });
    expect((await resolve(idOf(release), { outcome: 'release' })).status).toBe(200);
    expect((await resolve(idOf(refund), { outcome: 'refund' })).status).toBe(200);
    expect((await resolve(idOf(split), { outcome: 'split', amount: '25' })).status).toBe(200);
    const again = await resolve(idOf(split), { outcome: 'refund' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(TASK_MSG.disputeNotOpen);

    expect(await balanceOf(t.app, release.dev.token)).toEqual({ balance: '40', held: '0' });
    expect(await balanceOf(t.app, release.owner.token)).toEqual({ balance: '60', held: '0' });
    expect(await balanceOf(t.app, refund.dev.token)).toEqual({ balance: '0', held: '0' });
    expect(await balanceOf(t.app, refund.owner.token)).toEqual({ balance: '100', held: '0' });
    expect(await balanceOf(t.app, split.dev.token)).toEqual({ balance: '25', held: '0' });
    expect(await balanceOf(t.app, split.owner.token)).toEqual({ balance: '75', held: '0' });
    const refunded = await call(t.app, 'GET', `/tasks/${refund.task.id}`, { token: refund.owner.token });
    expect(refunded.body).toMatchObject({
      stage: 'Unassigned',
      assigneeID: null,
      dispute: { status: 'Resolved', outcome: 'refund' },
    });
    const splitTask = await call(t.app, 'GET', `/tasks/${split.task.id}`, { token: split.owner.token });
    expect(splitTask.body).toMatchObject({ stage: 'Complete', dispute: { outcome: 'split', amount: '25' } });
    const rows = (await call(t.app, 'GET', '/transactions', { token: split.dev.token })).body;
    expect(rows[0]).toMatchObject({
      type: 'Payment-In',
      amount: '25',
      description: `Dispute resolution for ${split.task.identifier}`,
    });
    const resolved = await call(t.app, 'GET', '/admin/disputes?status=Resolved', { token: staff.token });
    expect(resolved.body.map((d: { taskID: string }) => d.taskID)).toEqual(
      expect.arrayContaining([release.task.id, refund.task.id, split.task.id]),
    );
    await expectLedgerOk(t.app);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('auto-release under contention (PostgreSQL only)', () => {
  it('racing the owner’s completion and a dispute: paid at most once, never while disputed', async () => {
    const cases = await Promise.all(Array.from({ length: 8 }, () => taskInReview('10')));
    await windowPassed();
    const answers = await Promise.all(
      cases.flatMap((c) => [
        move(c.owner.token, c.task.id, 'Complete'),
        post(c.dev.token, `/tasks/${c.task.id}/dispute`, { reason: 'Race' }),
        runJobs().then(() => ({ status: 200 })),
        runJobs().then(() => ({ status: 200 })),
      ]),
    );
    expect(
      answers.every((a) => a.status < 500),
      JSON.stringify(answers.map((a) => a.status)),
    ).toBe(true);
    for (const c of cases) {
      const task = (await call(t.app, 'GET', `/tasks/${c.task.id}`, { token: c.owner.token })).body;
      const paid = (await call(t.app, 'GET', '/transactions', { token: c.dev.token })).body.filter(
        (x: { type: string }) => x.type === 'Payment-In',
      );
      if (task.dispute?.status === 'Open') {
        // The dispute won: the hold is frozen and nobody was paid.
        expect(task.stage).toBe('Review');
        expect(paid).toHaveLength(0);
      } else {
        expect(task.stage).toBe('Complete');
        expect(paid).toHaveLength(1);
      }
    }
    await expectLedgerOk(t.app);
  });
});
