import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundUser } from '../../factories/money';
import { addMember, createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const apply = (token: string, projectId: string, message = 'Pick me') =>
  call(t.app, 'POST', `/applications/project/${projectId}/apply`, { token, body: { message } });

describe('GET /applications/my', () => {
  it('lists my applications with their status, newest first, and nobody else’s', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    const other = await createUser(t.app, { type: 'Developer' });
    const [a, b, c] = [
      await createProject(t.app, owner.user.id, { name: 'Alpha' }),
      await createProject(t.app, owner.user.id, { name: 'Beta' }),
      await createProject(t.app, owner.user.id, { name: 'Gamma' }),
    ];
    await apply(dev.token, a.id, 'First');
    await apply(dev.token, b.id);
    await apply(dev.token, c.id);
    await apply(other.token, a.id);
    await call(t.app, 'POST', `/invites/projects/${b.id}`, { token: owner.token, body: { userID: dev.user.id } });
    const applicants = await call(t.app, 'GET', `/project/${c.id}/applicants`, { token: owner.token });
    await call(t.app, 'POST', `/applications/${c.id}/${applicants.body[0].id}/ignore`, { token: owner.token });

    const r = await call(t.app, 'GET', '/applications/my', { token: dev.token });
    expect(r.status).toBe(200);
    expect(r.body.map((x: { project: { name: string }; status: string }) => [x.project.name, x.status])).toEqual([
      ['Gamma', 'Ignored'],
      ['Beta', 'Added'],
      ['Alpha', 'Pending'],
    ]);
    expect(r.body[2]).toMatchObject({ projectID: a.id, project: { handle: a.handle }, message: 'First' });
    expect((await call(t.app, 'GET', '/applications/my', { token: owner.token })).body).toEqual([]);
  });
});

describe('GET /dashboard', () => {
  it('gives a developer their open tasks by due date, invites, applications and earnings', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, owner.user.id, '500');
    const p = await createProject(t.app, owner.user.id, { name: 'Work Co' });
    const invitedTo = await createProject(t.app, owner.user.id, { name: 'Invite Co' });
    await addMember(t.app, p.id, dev.user.id);
    const task = (summary: string, dueDate?: string, price?: string) =>
      call(t.app, 'POST', '/tasks', {
        token: owner.token,
        body: { projectID: p.id, summary, assigneeID: dev.user.id, dueDate, price },
      });
    const late = await task('Later', '2031-05-01T18:00:00.000Z', '10');
    await task('No date');
    await task('Sooner', '2030-01-01T18:00:00.000Z');
    const paid = await task('Paid one', undefined, '25.5');
    await call(t.app, 'POST', `/tasks/${paid.body.id}/stage`, { token: dev.token, body: { stage: 'Review' } });
    await call(t.app, 'POST', `/tasks/${paid.body.id}/stage`, { token: owner.token, body: { stage: 'Complete' } });
    await call(t.app, 'POST', `/invites/projects/${invitedTo.id}`, {
      token: owner.token,
      body: { userID: dev.user.id },
    });

    const r = await call(t.app, 'GET', '/dashboard', { token: dev.token });
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe('Developer');
    expect(r.body.tasks.map((x: { summary: string }) => x.summary)).toEqual(['Sooner', 'Later', 'No date']);
    expect(r.body.tasks[1]).toMatchObject({
      identifier: late.body.identifier,
      stage: 'ToDo',
      price: '10',
      dueDate: '2031-05-01T18:00:00.000Z',
      project: { id: p.id, name: 'Work Co', handle: p.handle },
    });
    expect(r.body.invites).toEqual([
      expect.objectContaining({ projectID: invitedTo.id, project: expect.objectContaining({ name: 'Invite Co' }) }),
    ]);
    expect(r.body.earningsThisMonth).toBe('25.5');
    expect(r.body.balance).toBe('25.5');
  });

  it('gives a client applicants waiting per project, tasks in Review and escrow held', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer', firstName: 'Ada', lastName: 'Lovelace' });
    await fundUser(t.app, owner.user.id, '100');
    const p = await createProject(t.app, owner.user.id, { name: 'Review Co' });
    const quiet = await createProject(t.app, owner.user.id, { name: 'Quiet Co' });
    await addMember(t.app, p.id, dev.user.id);
    for (let i = 0; i < 2; i++) await apply((await createUser(t.app, { type: 'Developer' })).token, p.id);
    const held = await call(t.app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: p.id, summary: 'Held', assigneeID: dev.user.id, price: '30' },
    });
    await call(t.app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: p.id, summary: 'Also held', assigneeID: dev.user.id, price: '12.5' },
    });
    await call(t.app, 'POST', `/tasks/${held.body.id}/stage`, { token: dev.token, body: { stage: 'Review' } });

    const r = await call(t.app, 'GET', '/dashboard', { token: owner.token });
    expect(r.body.kind).toBe('Client');
    expect(r.body.applicants).toEqual([{ project: { id: p.id, name: 'Review Co', handle: p.handle }, count: 2 }]);
    expect(r.body.applicants.some((a: { project: { id: string } }) => a.project.id === quiet.id)).toBe(false);
    expect(r.body.review).toEqual([
      expect.objectContaining({ summary: 'Held', price: '30', assignee: 'Ada Lovelace' }),
    ]);
    // The review window of a priced task (DESIGN §8): seven days by default.
    const left = Date.parse(r.body.review[0].reviewDeadline) - Date.now();
    expect(left).toBeGreaterThan(6.9 * 86_400_000);
    expect(left).toBeLessThanOrEqual(7 * 86_400_000);
    expect(r.body.escrowHeld).toBe('42.5');
    expect(r.body.disputes).toEqual([]);
    expect(r.body.balance).toBe('57.5');
    expect((await call(t.app, 'GET', '/dashboard')).status).toBe(401);
  });
});

describe('POST /invites/projects/{id}/decline', () => {
  it('removes only the caller’s pending invite; a second decline is 404', async () => {
    const owner = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    const p = await createProject(t.app, owner.user.id);
    await call(t.app, 'POST', `/invites/projects/${p.id}`, { token: owner.token, body: { userID: dev.user.id } });
    expect((await call(t.app, 'POST', `/invites/projects/${p.id}/decline`, { token: owner.token })).status).toBe(404);
    expect((await call(t.app, 'POST', `/invites/projects/${p.id}/decline`, { token: dev.token })).status).toBe(200);
    expect(
      (await call(t.app, 'GET', `/invites/projects/${p.id}/has-invite`, { token: dev.token })).body.hasInvite,
    ).toBe(false);
    expect((await call(t.app, 'POST', `/invites/projects/${p.id}/decline`, { token: dev.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/invites/projects/${p.id}`, { token: owner.token })).body).toEqual([]);
  });
});
