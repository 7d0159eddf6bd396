import { AMOUNT_MSG, TASK_MSG } from '@devmarket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject } from '../../factories/projects';
import { fundUser } from '../../factories/money';
import { createUser } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
type U = Awaited<ReturnType<typeof createUser>>;
let owner: U;
let member: U;
let outsider: U;
let project: Awaited<ReturnType<typeof createProject>>;
let privateProject: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, { firstName: 'Olive', lastName: 'Owner' });
  member = await createUser(t.app, { type: 'Developer', firstName: 'Ann', lastName: 'Lee' });
  outsider = await createUser(t.app, { type: 'Developer' });
  project = await createProject(t.app, owner.user.id, { key: 'ACME' });
  privateProject = await createProject(t.app, owner.user.id, { visibility: 'Private' });
  await addMember(t.app, project.id, member.user.id);
  await addMember(t.app, privateProject.id, member.user.id);
  await fundUser(t.app, owner.user.id, 1_000_000_000n);
});
afterAll(async () => t?.close());

const create = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/tasks', { token, body });

describe('POST /tasks', () => {
  it('creates a task with a readable identifier, the reporter and stage Unassigned', async () => {
    const r = await create(member.token, {
      projectID: project.id,
      summary: '  Build login  ',
      description: '**bold**',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.identifier).toMatch(/^ACME-\d+$/);
    const g = await call(t.app, 'GET', `/tasks/${r.body.id}`, { token: owner.token });
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({
      summary: 'Build login',
      description: '**bold**',
      stage: 'Unassigned',
      assigneeID: null,
      price: null,
      projectID: project.id,
      name: project.name,
      Reporter: { id: member.user.id, firstName: 'Ann' },
      Assignee: null,
      Files: [],
      Activities: [],
    });
  });

  it('with an assignee and a price starts in ToDo and keeps the exact price', async () => {
    const r = await create(owner.token, {
      projectID: project.id,
      summary: 'Priced',
      assigneeID: member.user.id,
      price: '30.5',
      dueDate: '2030-01-02T18:00:00.000Z',
    });
    expect(r.status).toBe(200);
    const g = await call(t.app, 'GET', `/tasks/identifier/${r.body.identifier.toLowerCase()}`, { token: member.token });
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({
      stage: 'ToDo',
      price: '30.5',
      dueDate: '2030-01-02T18:00:00.000Z',
      Assignee: { id: member.user.id, lastName: 'Lee' },
    });
  });

  it('answers 422 per field: summary, assigneeID, price, dueDate', async () => {
    expectValidationError(await create(owner.token, { projectID: project.id, summary: '   ' }), {
      summary: 'This field is required.',
    });
    expectValidationError(await create(owner.token, { projectID: project.id }), { summary: 'This field is required.' });
    expectValidationError(
      await create(owner.token, { projectID: project.id, summary: 'x', price: '1.1234567', dueDate: 'soon' }),
      { price: AMOUNT_MSG.decimals, dueDate: TASK_MSG.dueDate },
    );
    expectValidationError(
      await create(owner.token, { projectID: project.id, summary: 'x', description: 'd'.repeat(20_001) }),
      { description: /at most/ },
    );
    expectValidationError(
      await create(owner.token, { projectID: project.id, summary: 'x', assigneeID: outsider.user.id }),
      { assigneeID: TASK_MSG.assigneeNotMember },
    );
    expectValidationError(await create(owner.token, { projectID: project.id, summary: 'x', assigneeID: 'nope' }), {
      assigneeID: TASK_MSG.assigneeNotMember,
    });
  });

  it('refuses each bad price with its own message; 0 and below are never "no price" (DESIGN §19)', async () => {
    const cases: [unknown, string][] = [
      ['abc', AMOUNT_MSG.notNumber],
      ['', AMOUNT_MSG.notNumber],
      ['-5', AMOUNT_MSG.notPositive],
      ['0', AMOUNT_MSG.notPositive],
      [0, AMOUNT_MSG.notPositive],
      ['0.0000001', AMOUNT_MSG.decimals],
      [1_000_000_000_000, AMOUNT_MSG.tooLarge],
      ['1000000.5', AMOUNT_MSG.tooLarge],
    ];
    for (const [price, message] of cases) {
      expectValidationError(await create(owner.token, { projectID: project.id, summary: 'x', price }), {
        price: message,
      });
    }
    const c = await create(owner.token, { projectID: project.id, summary: 'Unpriced', price: null });
    expect(c.status).toBe(200);
    const top = await create(owner.token, { projectID: project.id, summary: 'Top', price: '1000000' });
    expect(top.status).toBe(200);
    for (const [price, message] of cases) {
      expectValidationError(await call(t.app, 'PUT', `/tasks/${c.body.id}`, { token: owner.token, body: { price } }), {
        price: message,
      });
    }
  });

  it('forbids outsiders: 403 on a public project, 404 on a private one, 401 without a token', async () => {
    expect((await create(outsider.token, { projectID: project.id, summary: 'x' })).status).toBe(403);
    expect((await create(outsider.token, { projectID: privateProject.id, summary: 'x' })).status).toBe(404);
    expect((await call(t.app, 'POST', '/tasks', { body: { projectID: project.id, summary: 'x' } })).status).toBe(401);
  });

  it('refuses unverified users', async () => {
    const u = await createUser(t.app, { verified: false });
    await addMember(t.app, project.id, u.user.id);
    expect((await create(u.token, { projectID: project.id, summary: 'x' })).status).toBe(403);
  });

  it('gives 20 concurrent creations 20 distinct identifiers', async () => {
    const p = await createProject(t.app, owner.user.id, { key: 'RACE' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(owner.token, { projectID: p.id, summary: `Task ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = results.map((r) => r.body.identifier).sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1]));
    expect(new Set(ids).size).toBe(20);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => `RACE-${i + 1}`));
  });
});

describe('reading tasks', () => {
  it('lists a project: members and signed-in outsiders of a public project; 404 for a private one', async () => {
    const r = await call(t.app, 'GET', `/project/${project.id}/tasks`, { token: member.token });
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(0);
    expect(r.body[0]).toHaveProperty('identifier');
    expect((await call(t.app, 'GET', `/project/${project.id}/tasks`, { token: outsider.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/project/${privateProject.id}/tasks`, { token: outsider.token })).status).toBe(
      404,
    );
    expect((await call(t.app, 'GET', `/project/${project.id}/tasks`)).status).toBe(401);
    expect((await call(t.app, 'GET', '/project/not-an-id/tasks', { token: owner.token })).status).toBe(404);
  });

  it('hides a private task from outsiders by id and identifier', async () => {
    const c = await create(member.token, { projectID: privateProject.id, summary: 'Secret' });
    expect((await call(t.app, 'GET', `/tasks/${c.body.id}`, { token: outsider.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/tasks/identifier/${c.body.identifier}`, { token: outsider.token })).status).toBe(
      404,
    );
    expect((await call(t.app, 'GET', `/tasks/identifier/NOPE-1`, { token: owner.token })).status).toBe(404);
  });
});

describe('PUT /tasks/{id}', () => {
  it('edits the terms while there is no assignee; naming one moves it to ToDo and locks the terms', async () => {
    const c = await create(member.token, { projectID: project.id, summary: 'Draft', price: '10' });
    let r = await call(t.app, 'PUT', `/tasks/${c.body.id}`, {
      token: member.token,
      body: { summary: 'Final', description: 'Text', price: null, dueDate: null },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ summary: 'Final', description: 'Text', price: null, stage: 'Unassigned' });
    r = await call(t.app, 'PUT', `/tasks/${c.body.id}`, {
      token: owner.token,
      body: { price: '25', assigneeID: member.user.id },
    });
    expect(r.body).toMatchObject({ price: '25', stage: 'ToDo', assigneeID: member.user.id });
    r = await call(t.app, 'PUT', `/tasks/${c.body.id}`, { token: owner.token, body: { summary: 'Changed' } });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(TASK_MSG.termsLocked);
  });

  it('answers 422 per field and 403/404 to outsiders', async () => {
    const c = await create(member.token, { projectID: project.id, summary: 'Draft' });
    expectValidationError(
      await call(t.app, 'PUT', `/tasks/${c.body.id}`, {
        token: owner.token,
        body: { summary: '', price: 'ten', assigneeID: outsider.user.id },
      }),
      { summary: 'This field is required.', price: /amount/ },
    );
    expectValidationError(
      await call(t.app, 'PUT', `/tasks/${c.body.id}`, { token: owner.token, body: { assigneeID: outsider.user.id } }),
      { assigneeID: TASK_MSG.assigneeNotMember },
    );
    expect(
      (await call(t.app, 'PUT', `/tasks/${c.body.id}`, { token: outsider.token, body: { summary: 'x' } })).status,
    ).toBe(403);
    const p = await create(member.token, { projectID: privateProject.id, summary: 'Secret' });
    expect(
      (await call(t.app, 'PUT', `/tasks/${p.body.id}`, { token: outsider.token, body: { summary: 'x' } })).status,
    ).toBe(404);
  });
});

describe('POST /tasks/{id}/stage', () => {
  const move = (token: string, id: string, stage: string) =>
    call(t.app, 'POST', `/tasks/${id}/stage`, { token, body: { stage } });

  it('members move ToDo → In Progress → Review; only the owner completes; Complete is final', async () => {
    const c = await create(owner.token, {
      projectID: project.id,
      summary: 'Flow',
      assigneeID: member.user.id,
      price: 5,
    });
    expect((await move(member.token, c.body.id, 'In Progress')).body.stage).toBe('In Progress');
    expect((await move(member.token, c.body.id, 'Review')).body.stage).toBe('Review');
    expect((await move(member.token, c.body.id, 'ToDo')).body.stage).toBe('ToDo');
    expect((await move(member.token, c.body.id, 'Review')).body.stage).toBe('Review');
    const denied = await move(member.token, c.body.id, 'Complete');
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe(TASK_MSG.ownerCompletes);
    expect((await move(outsider.token, c.body.id, 'ToDo')).status).toBe(403);
    const before = await call(t.app, 'GET', '/user', { token: member.token });
    const done = await move(owner.token, c.body.id, 'Complete');
    expect(done.status).toBe(200);
    expect(done.body.stage).toBe('Complete');
    const after = await call(t.app, 'GET', '/user', { token: member.token });
    expect(after.body.cachedTasksCompleted).toBe(before.body.cachedTasksCompleted + 1);
    // The held price was paid to the assignee (DESIGN §4 escrow).
    expect(Number(after.body.cachedBalance) - Number(before.body.cachedBalance)).toBe(5);
    const again = await move(owner.token, c.body.id, 'Review');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(TASK_MSG.completeIsFinal);
  });

  it('refuses to assign a priced task when the owner cannot cover it (422 on price), changing nothing', async () => {
    const poor = await createUser(t.app);
    const p = await createProject(t.app, poor.user.id);
    await addMember(t.app, p.id, member.user.id);
    const r = await create(poor.token, { projectID: p.id, summary: 'Costly', assigneeID: member.user.id, price: '50' });
    expectValidationError(r, { price: /Insufficient balance/ });
    expect((await call(t.app, 'GET', `/project/${p.id}/tasks`, { token: poor.token })).body).toEqual([]);
  });

  it('completing twice at once completes once', async () => {
    const c = await create(owner.token, { projectID: project.id, summary: 'Race', assigneeID: member.user.id });
    const rs = await Promise.all([move(owner.token, c.body.id, 'Complete'), move(owner.token, c.body.id, 'Complete')]);
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('an Unassigned task stays in ToDo and needs an assignee to leave it', async () => {
    const c = await create(member.token, { projectID: project.id, summary: 'Nobody' });
    const r = await move(member.token, c.body.id, 'In Progress');
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(TASK_MSG.needsAssignee);
    const stay = await move(member.token, c.body.id, 'ToDo');
    expect(stay.status).toBe(200);
    expect(stay.body.stage).toBe('Unassigned');
    expect((await move(owner.token, c.body.id, 'Complete')).status).toBe(409);
  });

  it('answers 422 for an unknown stage and 404 for a private task of an outsider', async () => {
    const c = await create(owner.token, { projectID: privateProject.id, summary: 'P', assigneeID: member.user.id });
    expectValidationError(await move(owner.token, c.body.id, 'Unassigned'), { stage: 'Must be a stage of the board' });
    expectValidationError(await move(owner.token, c.body.id, 'Done'), { stage: 'Must be a stage of the board' });
    expect((await move(outsider.token, c.body.id, 'Review')).status).toBe(404);
  });

  it('puts a moved card at the top of its new column', async () => {
    const p = await createProject(t.app, owner.user.id);
    await addMember(t.app, p.id, member.user.id);
    const ids: string[] = [];
    for (const s of ['A', 'B', 'C']) {
      ids.push((await create(owner.token, { projectID: p.id, summary: s, assigneeID: member.user.id })).body.id);
    }
    await move(owner.token, ids[0], 'Review');
    await move(owner.token, ids[2], 'Review');
    await move(owner.token, ids[2], 'ToDo');
    const list = (await call(t.app, 'GET', `/project/${p.id}/tasks`, { token: owner.token })).body as {
      summary: string;
      stage: string;
    }[];
    expect(list.filter((x) => x.stage === 'ToDo').map((x) => x.summary)).toEqual(['C', 'B']);
    expect(list.filter((x) => x.stage === 'Review').map((x) => x.summary)).toEqual(['A']);
  });
});

describe('POST /tasks/{id}/activity', () => {
  it('members comment; newest first with the author name; outsiders 403/404; 422 on empty text', async () => {
    const c = await create(owner.token, { projectID: project.id, summary: 'Talk' });
    const a1 = await call(t.app, 'POST', `/tasks/${c.body.id}/activity`, {
      token: member.token,
      body: { taskID: c.body.id, name: 'ignored', text: 'First' },
    });
    expect(a1.status).toBe(200);
    expect(a1.body).toMatchObject({ taskID: c.body.id, userID: member.user.id, name: 'Ann Lee', text: 'First' });
    // No wait: activities are stamped with clock_timestamp(), so two requests never share a moment.
    await call(t.app, 'POST', `/tasks/${c.body.id}/activity`, { token: owner.token, body: { text: 'Second' } });
    const g = await call(t.app, 'GET', `/tasks/${c.body.id}`, { token: member.token });
    expect(g.body.Activities.map((a: { text: string }) => a.text)).toEqual(['Second', 'First']);
    expectValidationError(
      await call(t.app, 'POST', `/tasks/${c.body.id}/activity`, { token: owner.token, body: { text: '  ' } }),
      { text: 'This field is required.' },
    );
    expect(
      (await call(t.app, 'POST', `/tasks/${c.body.id}/activity`, { token: outsider.token, body: { text: 'hi' } }))
        .status,
    ).toBe(403);
    const p = await create(member.token, { projectID: privateProject.id, summary: 'Secret' });
    expect(
      (await call(t.app, 'POST', `/tasks/${p.body.id}/activity`, { token: outsider.token, body: { text: 'hi' } }))
        .status,
    ).toBe(404);
  });
});
