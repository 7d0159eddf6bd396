import { MONEY_MSG, PROJECT_MSG, TASK_MSG } from '@devmarket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedTeam } from '../../factories/money';
import { createStaff, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';
import { balanceOf, expectLedgerOk, VALID } from '../ledger/support';

/** DESIGN §8: the owner's money moves only by the owner's act; every hold belongs to one live task. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const createTask = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/tasks', { token, body });
const update = (token: string, id: string, body: Record<string, unknown>) =>
  call(t.app, 'PUT', `/tasks/${id}`, { token, body });
const move = (token: string, id: string, stage: string) =>
  call(t.app, 'POST', `/tasks/${id}/stage`, { token, body: { stage } });

describe('funding authority', () => {
  it('a member cannot assign a priced task, price an assigned one, or create one assigned and priced: 403, no money moved', async () => {
    const { owner, dev, member, project } = await createFundedTeam(t.app, { funds: '500' });
    // A member may propose a price on an unassigned task.
    const proposal = await createTask(member.token, { projectID: project.id, summary: 'Proposal', price: '150' });
    expect(proposal.status).toBe(200);
    const assign = await update(member.token, proposal.body.id, { assigneeID: dev.user.id });
    expect(assign.status).toBe(403);
    expect(assign.body.msg).toBe(TASK_MSG.ownerFunds);
    // Checked before validation: whatever else the body holds, a funding attempt is a 403.
    const withJunk = await update(member.token, proposal.body.id, { assigneeID: dev.user.id, dueDate: 'soon' });
    expect(withJunk.status).toBe(403);
    const created = await createTask(member.token, {
      projectID: project.id,
      summary: 'Self-serve',
      assigneeID: member.user.id,
      price: '150',
      description: 42,
    });
    expect(created.status).toBe(403);
    expect(created.body.msg).toBe(TASK_MSG.ownerFunds);
    // An unpriced task assigned by a member, then priced by the member: 403 (frozen terms come after authority).
    const unpriced = await createTask(member.token, {
      projectID: project.id,
      summary: 'Free',
      assigneeID: dev.user.id,
    });
    expect(unpriced.status).toBe(200);
    const price = await update(member.token, unpriced.body.id, { price: '150' });
    expect(price.status).toBe(403);
    expect(price.body.msg).toBe(TASK_MSG.ownerFunds);
    // The owner pricing an assigned task: the terms are frozen (409).
    expect((await update(owner.token, unpriced.body.id, { price: '150' })).status).toBe(409);
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '500', held: '0' });
    await expectLedgerOk(t.app);
  });

  it('the owner is never the assignee of a priced task (422 on assigneeID) and spends nothing on themself', async () => {
    const { owner, project } = await createFundedTeam(t.app, { funds: '500' });
    const r = await createTask(owner.token, {
      projectID: project.id,
      summary: 'Mine',
      assigneeID: owner.user.id,
      price: '150',
    });
    expectValidationError(r, { assigneeID: TASK_MSG.ownerNotAssignee });
    const task = await createTask(owner.token, { projectID: project.id, summary: 'Mine', price: '150' });
    expectValidationError(await update(owner.token, task.body.id, { assigneeID: owner.user.id }), {
      assigneeID: TASK_MSG.ownerNotAssignee,
    });
    // Unpriced self-assignment is fine and earns nothing.
    const free = await createTask(owner.token, { projectID: project.id, summary: 'Chore', assigneeID: owner.user.id });
    expect((await move(owner.token, free.body.id, 'Complete')).status).toBe(200);
    const me = await call(t.app, 'GET', '/user', { token: owner.token });
    expect(me.body.cachedTasksCompleted).toBe(0);
    const details = await call(t.app, 'GET', `/projects/${project.id}/details`, { token: owner.token });
    expect(details.body.project?.cachedTotalSpent ?? details.body.cachedTotalSpent).toBe('0');
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '500', held: '0' });
    await expectLedgerOk(t.app);
  });
});

describe('unassign and team removal', () => {
  it('the owner unassigns: the hold returns, the task is Unassigned and editable; members 403; Review 409', async () => {
    const { owner, dev, member, project } = await createFundedTeam(t.app, { funds: '500' });
    const c = await createTask(owner.token, {
      projectID: project.id,
      summary: 'Checkout flow',
      assigneeID: dev.user.id,
      price: '150',
    });
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '350', held: '150' });
    const holds = await call(t.app, 'GET', '/user/holds', { token: owner.token });
    expect(holds.body).toEqual([
      expect.objectContaining({
        taskID: c.body.id,
        identifier: c.body.identifier,
        summary: 'Checkout flow',
        projectID: project.id,
        projectName: project.name,
        amount: '150',
      }),
    ]);
    expect((await call(t.app, 'POST', `/tasks/${c.body.id}/unassign`, { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'POST', `/tasks/${c.body.id}/unassign`, { token: dev.token })).status).toBe(403);
    const r = await call(t.app, 'POST', `/tasks/${c.body.id}/unassign`, { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ stage: 'Unassigned', assigneeID: null });
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '500', held: '0' });
    expect((await call(t.app, 'GET', '/user/holds', { token: owner.token })).body).toEqual([]);
    expect((await call(t.app, 'POST', `/tasks/${c.body.id}/unassign`, { token: owner.token })).status).toBe(409);
    // Editable again, and assignable again.
    expect((await update(owner.token, c.body.id, { price: '120' })).status).toBe(200);
    expect((await update(owner.token, c.body.id, { assigneeID: dev.user.id })).status).toBe(200);
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '380', held: '120' });
    await move(dev.token, c.body.id, 'Review');
    const inReview = await call(t.app, 'POST', `/tasks/${c.body.id}/unassign`, { token: owner.token });
    expect(inReview.status).toBe(409);
    expect(inReview.body.msg).toBe(TASK_MSG.unassignStage);
    const task = await call(t.app, 'GET', `/tasks/${c.body.id}`, { token: owner.token });
    const steps = task.body.Activities.filter((a: { kind: string }) => a.kind === 'system').map(
      (a: { text: string }) => a.text,
    );
    expect(steps.some((s: string) => /^Unassigned .*150 USDT returned/.test(s))).toBe(true);
    expect(steps.some((s: string) => /^Assigned to .*120 USDT held in escrow/.test(s))).toBe(true);
    await expectLedgerOk(t.app);
  });

  it('removing an assignee from the team is refused (409 naming the tasks) and pays nobody', async () => {
    const { owner, dev, project } = await createFundedTeam(t.app, { funds: '500' });
    const c = await createTask(owner.token, {
      projectID: project.id,
      summary: 'Search',
      assigneeID: dev.user.id,
      price: '100',
    });
    const r = await call(t.app, 'DELETE', `/projects/${project.id}/users/${dev.user.id}`, { token: owner.token });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(PROJECT_MSG.assigneeBlocksRemoval([c.body.identifier]));
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '400', held: '100' });
    await call(t.app, 'POST', `/tasks/${c.body.id}/unassign`, { token: owner.token });
    expect(
      (await call(t.app, 'DELETE', `/projects/${project.id}/users/${dev.user.id}`, { token: owner.token })).status,
    ).toBe(200);
  });

  it('a project is not deleted while a task holds escrow (409 naming it), and is once it is unassigned', async () => {
    const { owner, dev, project } = await createFundedTeam(t.app, { funds: '500' });
    const c = await createTask(owner.token, {
      projectID: project.id,
      summary: 'A',
      assigneeID: dev.user.id,
      price: '10',
    });
    const done = await createTask(owner.token, {
      projectID: project.id,
      summary: 'B',
      assigneeID: dev.user.id,
      price: '5',
    });
    await move(owner.token, done.body.id, 'Complete');
    const r = await call(t.app, 'DELETE', `/projects/${project.id}`, { token: owner.token });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(PROJECT_MSG.escrowBlocksDelete([c.body.identifier]));
    await call(t.app, 'POST', `/tasks/${c.body.id}/unassign`, { token: owner.token });
    expect((await call(t.app, 'DELETE', `/projects/${project.id}`, { token: owner.token })).status).toBe(204);
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '495', held: '0' });
    await expectLedgerOk(t.app);
  });
});

describe('transactions describe themselves', () => {
  it('payment rows name the task and the other party, on list and detail', async () => {
    const { owner, dev, project } = await createFundedTeam(t.app, { funds: '500' });
    const c = await createTask(owner.token, {
      projectID: project.id,
      summary: 'Checkout flow',
      assigneeID: dev.user.id,
      price: '150',
    });
    await move(owner.token, c.body.id, 'Complete');
    const description = `Payment for ${c.body.identifier} Checkout flow`;
    const out = (await call(t.app, 'GET', '/transactions', { token: owner.token })).body[0];
    expect(out).toMatchObject({
      type: 'Payment-Out',
      description,
      taskID: c.body.id,
      projectID: project.id,
      counterparty: { id: dev.user.id, firstName: dev.user.firstName, lastName: dev.user.lastName },
    });
    const inn = (await call(t.app, 'GET', '/transactions', { token: dev.token })).body[0];
    expect(inn).toMatchObject({ type: 'Payment-In', description, counterparty: { id: owner.user.id } });
    const detail = await call(t.app, 'GET', `/transactions/${inn.id}`, { token: dev.token });
    expect(detail.body).toMatchObject({ description, counterparty: { id: owner.user.id } });
    const deposit = (await call(t.app, 'GET', '/transactions', { token: owner.token })).body.at(-1);
    expect(deposit).toMatchObject({ type: 'Deposit', description: 'USDT deposit', counterparty: null });
  });
});

describe('staff actions are final', () => {
  it('completing or failing a transaction that is no longer Pending answers 409', async () => {
    const staff = await createStaff(t.app);
    const { owner } = await createFundedTeam(t.app, { funds: '100' });
    const w = await call(t.app, 'POST', '/user/withdraw', {
      token: owner.token,
      body: { currency: 'USDT', address: VALID.TRON, amount: '20', password: TEST_PASSWORD },
    });
    expect((await call(t.app, 'POST', `/admin/transactions/${w.body.id}/fail`, { token: staff.token })).status).toBe(
      200,
    );
    const again = await call(t.app, 'POST', `/admin/transactions/${w.body.id}/complete`, {
      token: staff.token,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MONEY_MSG.notPending);
    expect((await call(t.app, 'POST', `/admin/transactions/${w.body.id}/fail`, { token: staff.token })).status).toBe(
      409,
    );
    expect(await balanceOf(t.app, owner.token)).toEqual({ balance: '100', held: '0' });
    await expectLedgerOk(t.app);
  });
});
