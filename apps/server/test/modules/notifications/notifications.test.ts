import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundUser } from '../../factories/money';
import { addMember, createProject } from '../../factories/projects';
import { createUser, TEST_PASSWORD } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';
import { notify } from '../../../src/modules/notifications/notifications.service';
import { runJobsOf, VALID } from '../ledger/support';
import { notificationsOf, runJobsIn, typesOf } from './support';

let t: TestApp;
type U = Awaited<ReturnType<typeof createUser>>;
let staff: U;
let outsider: U;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createUser(t.app, { isStaff: true });
  outsider = await createUser(t.app, { type: 'Developer' });
});
afterAll(async () => {
  // Nobody outside the causes was told anything, whatever ran before.
  if (t) expect(await typesOf(t.app, outsider.token)).toEqual([]);
  await t?.close();
});

const apply = (token: string, projectId: string, message = 'I can help') =>
  call(t.app, 'POST', `/applications/project/${projectId}/apply`, { token, body: { message } });

describe('each type is created by its cause, for the right user only', () => {
  it('application.received → the owner, naming the project and the applicant', async () => {
    const owner = await createUser(t.app, { firstName: 'Olga' });
    const dev = await createUser(t.app, { type: 'Developer', firstName: 'Dana', lastName: 'Dev' });
    const p = await createProject(t.app, owner.user.id, { name: 'Rocket Shop' });
    expect((await apply(dev.token, p.id, 'Hire me')).status).toBe(200);
    const [n] = await notificationsOf(t.app, owner.token);
    expect(n).toMatchObject({
      type: 'application.received',
      title: 'New application to Rocket Shop',
      body: 'Dana Dev applied: “Hire me”',
      readAt: null,
    });
    expect(n.link).toContain(p.handle);
    expect(await typesOf(t.app, dev.token)).toEqual([]);
    // A refused second application writes nothing (same transaction as its cause).
    expect((await apply(dev.token, p.id)).status).toBe(409);
    expect(await typesOf(t.app, owner.token)).toEqual(['application.received']);
  });

  it('invite.received → the invited user; team.added → the applicant the owner adds', async () => {
    const owner = await createUser(t.app);
    const invited = await createUser(t.app, { type: 'Developer' });
    const applicant = await createUser(t.app, { type: 'Developer' });
    const p = await createProject(t.app, owner.user.id, { name: 'Invite Co' });
    const invite = (userID: string) =>
      call(t.app, 'POST', `/invites/projects/${p.id}`, { token: owner.token, body: { userID } });
    expect((await invite(invited.user.id)).body.status).toBe('invited');
    const [inv] = await notificationsOf(t.app, invited.token);
    expect(inv).toMatchObject({
      type: 'invite.received',
      title: 'Invite to Invite Co',
      link: `/project/${p.handle}/details`,
    });
    // Inviting again answers the same invite: no second notification.
    await invite(invited.user.id);
    expect(await typesOf(t.app, invited.token)).toEqual(['invite.received']);

    await apply(applicant.token, p.id);
    expect((await invite(applicant.user.id)).body.status).toBe('added');
    expect(await typesOf(t.app, applicant.token)).toEqual(['team.added']);
    expect(await typesOf(t.app, owner.token)).toEqual(['application.received']);
  });

  it('task.assigned → the assignee, task.review → the owner, task.paid → the assignee; never the actor', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer', firstName: 'Ada', lastName: 'L' });
    const other = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, owner.user.id, '100');
    const p = await createProject(t.app, owner.user.id, { name: 'Task Land' });
    await addMember(t.app, p.id, dev.user.id);
    await addMember(t.app, p.id, other.user.id);
    const created = await call(t.app, 'POST', '/tasks', {
      token: owner.token,
      body: {
        projectID: p.id,
        summary: 'Fix login',
        price: '40',
        assigneeID: dev.user.id,
        dueDate: '2030-01-02T18:00:00.000Z',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [assigned] = await notificationsOf(t.app, dev.token);
    expect(assigned).toMatchObject({ type: 'task.assigned', title: `${created.body.identifier} assigned to you` });
    expect(assigned.body).toContain('Task Land');
    expect(assigned.body).toContain('2030-01-02');

    // The funding deposit told the owner too; the task types follow it.
    const ownerTypes = async () => (await typesOf(t.app, owner.token)).filter((x) => x !== 'deposit.credited');
    const move = (token: string, stage: string) =>
      call(t.app, 'POST', `/tasks/${created.body.id}/stage`, { token, body: { stage } });
    expect((await move(dev.token, 'Review')).status).toBe(200);
    expect(await ownerTypes()).toEqual(['task.review']);
    expect((await move(owner.token, 'Complete')).status).toBe(200);
    const [paid] = await notificationsOf(t.app, dev.token);
    expect(paid).toMatchObject({ type: 'task.paid', title: `${created.body.identifier} paid: 40.00 USDT` });
    expect(await ownerTypes()).toEqual(['task.review']);
    expect(await typesOf(t.app, other.token)).toEqual([]);

    // An unassigned task given to the owner themself, moved by the owner: nobody is told.
    const own = await call(t.app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: p.id, summary: 'Mine', assigneeID: owner.user.id },
    });
    await call(t.app, 'POST', `/tasks/${own.body.id}/stage`, { token: owner.token, body: { stage: 'Review' } });
    expect(await ownerTypes()).toEqual(['task.review']);

    // PUT naming an assignee tells them too.
    const later = await call(t.app, 'POST', '/tasks', {
      token: dev.token,
      body: { projectID: p.id, summary: 'Later' },
    });
    await call(t.app, 'PUT', `/tasks/${later.body.id}`, { token: dev.token, body: { assigneeID: other.user.id } });
    expect(await typesOf(t.app, other.token)).toEqual(['task.assigned']);
  });

  it('deposit.credited, withdrawal.sent and withdrawal.failed → the user concerned', async () => {
    const u = await createUser(t.app);
    const dep = await call(t.app, 'POST', '/user/deposit', { token: u.token, body: { currency: 'USDT' } });
    expect(dep.status, JSON.stringify(dep.body)).toBe(200);
    const id = dep.body.transactionID ?? dep.body.id;
    await call(t.app, 'POST', `/admin/transactions/${id}/complete`, { token: staff.token, body: { amount: '100' } });
    const [credited] = await notificationsOf(t.app, u.token);
    expect(credited).toMatchObject({
      type: 'deposit.credited',
      title: 'Deposit credited: 100.00 USDT',
      link: `/transaction/${id}`,
    });

    const body = { currency: 'USDT', address: VALID.ETH, amount: '25', password: TEST_PASSWORD };
    const w1 = await call(t.app, 'POST', '/user/withdraw', { token: u.token, body });
    await call(t.app, 'POST', `/admin/transactions/${w1.body.id}/fail`, { token: staff.token });
    const w2 = await call(t.app, 'POST', '/user/withdraw', { token: u.token, body });
    await runJobsOf(t.app, w2.body.id);
    expect(await typesOf(t.app, u.token)).toEqual(['withdrawal.sent', 'withdrawal.failed', 'deposit.credited']);
    expect(await typesOf(t.app, staff.token)).toEqual([]);
  });

  it('account.approved and account.rejected → the developer reviewed', async () => {
    const a = await createUser(t.app, { type: 'Developer', reviewStatus: 'pending' });
    const b = await createUser(t.app, { type: 'Developer', reviewStatus: 'pending' });
    await call(t.app, 'POST', `/admin/developers/${a.user.id}/approve`, {
      token: staff.token,
      body: { checks: { identity: true, skills: true, experience: true } },
    });
    await call(t.app, 'POST', `/admin/developers/${b.user.id}/reject`, {
      token: staff.token,
      body: { reason: 'No links' },
    });
    expect(await typesOf(t.app, a.token)).toEqual(['account.approved']);
    const [rej] = await notificationsOf(t.app, b.token);
    expect(rej.type).toBe('account.rejected');
    expect(rej.body).toContain('No links');
  });
});

describe('reading', () => {
  it('counts unread, marks the listed or all read, ignores other users’ ids', async () => {
    const owner = await createUser(t.app);
    const p = await createProject(t.app, owner.user.id);
    for (let i = 0; i < 3; i++) await apply((await createUser(t.app, { type: 'Developer' })).token, p.id);
    const count = async () => (await call(t.app, 'GET', '/notifications/unread-count', { token: owner.token })).body;
    expect(await count()).toEqual({ count: 3 });
    const list = await notificationsOf(t.app, owner.token);
    const stranger = await createUser(t.app);
    expect(
      (await call(t.app, 'POST', '/notifications/read', { token: stranger.token, body: { ids: [list[0].id] } })).body,
    ).toEqual({ count: 0 });
    expect(await count()).toEqual({ count: 3 });
    const r = await call(t.app, 'POST', '/notifications/read', { token: owner.token, body: { ids: [list[0].id] } });
    expect(r.body).toEqual({ count: 2 });
    expect((await notificationsOf(t.app, owner.token))[0].readAt).not.toBeNull();
    expect((await call(t.app, 'POST', '/notifications/read', { token: owner.token, body: {} })).body).toEqual({
      count: 0,
    });
    expect(await count()).toEqual({ count: 0 });
    expectValidationError(
      await call(t.app, 'POST', '/notifications/read', { token: owner.token, body: { ids: ['nope'] } }),
      { 'ids.0': /.+/ },
    );
    expect((await call(t.app, 'GET', '/notifications')).status).toBe(401);
    expect((await call(t.app, 'GET', '/notifications/unread-count')).status).toBe(401);
  });

  it('pages newest first by `before`, stable while new ones arrive', async () => {
    const u = await createUser(t.app);
    const add = (i: number) =>
      t.app.db.transaction((tx) =>
        notify(tx, { userId: u.user.id, type: 'deposit.credited', title: `N${i}`, body: 'b', link: '/finances' }),
      );
    for (let i = 1; i <= 25; i++) await add(i);
    const page = async (before?: string) =>
      (await call(t.app, 'GET', `/notifications?limit=10${before ? `&before=${before}` : ''}`, { token: u.token }))
        .body as {
        id: string;
        title: string;
      }[];
    const first = await page();
    expect(first.map((n) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `N${25 - i}`));
    await add(26);
    const second = await page(first[9].id);
    const third = await page(second[9].id);
    expect([...second, ...third].map((n) => n.title)).toEqual(Array.from({ length: 15 }, (_, i) => `N${15 - i}`));
    expect(await page(third[4].id)).toEqual([]);
    expectValidationError(await call(t.app, 'GET', '/notifications?limit=51', { token: u.token }), { limit: /.+/ });
  });
});

describe('e-mail settings and unsubscribe', () => {
  it('round-trips the settings, defaults on, 422 on bad input', async () => {
    const u = await createUser(t.app);
    const get = async () => (await call(t.app, 'GET', '/user/notification-settings', { token: u.token })).body;
    expect(await get()).toEqual({ email: { applications: true, tasks: true, payments: true, messages: true } });
    const r = await call(t.app, 'POST', '/user/notification-settings', {
      token: u.token,
      body: { email: { tasks: false, messages: false } },
    });
    expect(r.body).toEqual({ email: { applications: true, tasks: false, payments: true, messages: false } });
    expect(await get()).toEqual(r.body);
    expectValidationError(
      await call(t.app, 'POST', '/user/notification-settings', { token: u.token, body: { email: { tasks: 'no' } } }),
      { 'email.tasks': /.+/ },
    );
    expect(await get()).toEqual(r.body);
    expect((await call(t.app, 'GET', '/user/notification-settings')).status).toBe(401);
  });

  it('batches a category into one mail, honours the setting, and the link unsubscribes once without a session', async () => {
    const owner = await createUser(t.app);
    const p = await createProject(t.app, owner.user.id, { name: 'Mail Test' });
    for (let i = 0; i < 3; i++) await apply((await createUser(t.app, { type: 'Developer' })).token, p.id);
    const mails = async () =>
      (await call(t.app, 'GET', `/admin/outbox?to=${encodeURIComponent(owner.user.email)}`, { token: staff.token }))
        .body.mails as { subject: string; text: string }[];
    // DESIGN §19: the first mail of the category goes at once (with all three, already there).
    await runJobsIn(t.app, 0);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('3 updates: Applications and invites');
    expect(sent[0].text).toContain('New application to Mail Test');
    const link = /Stop these e-mails: (\S+)/.exec(sent[0].text)?.[1];
    expect(link).toMatch(/\/api\/v1\/notifications\/unsubscribe\//);
    const path = new URL(link as string).pathname;

    const first = await t.app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.body).toContain('applications and invites');
    expect((await call(t.app, 'GET', '/user/notification-settings', { token: owner.token })).body).toEqual({
      email: { applications: false, tasks: true, payments: true, messages: true },
    });
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications/unsubscribe/made-up' })).statusCode).toBe(
      410,
    );

    // Off: the next applications are in the centre but not mailed.
    await apply((await createUser(t.app, { type: 'Developer' })).token, p.id);
    await runJobsIn(t.app, 25);
    expect(await mails()).toHaveLength(1);
    expect(await typesOf(t.app, owner.token)).toHaveLength(4);
  });
});
