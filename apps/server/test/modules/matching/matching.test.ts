import { randomBytes } from 'node:crypto';
import { TAG_MSG } from '@devmarket/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, invites, notifications, reviews, tasks, transactions } from '../../../src/db/schema/index';
import { addMember, createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** Tags of their own per test: every approved developer in the database is a candidate. */
const uniq = () => randomBytes(3).toString('hex');
const DAY = 24 * 60 * 60 * 1000;

async function dev(tags: string[], extra: Parameters<typeof createUser>[1] = {}) {
  return createUser(t.app, { type: 'Developer', tags, ...extra });
}

/**
 * A paid task of a helper project, for reviews and Payment-In rows: assigned to the developer and
 * priced at MIN_REPUTATION_PRICE (5 USDT) unless `price` says otherwise (DESIGN §19's floor).
 */
async function helperTask(ownerId: string, devId: string, price = 5_000_000n) {
  const p = await createProject(t.app, ownerId);
  const [task] = await t.app.db
    .insert(tasks)
    .values({
      projectId: p.id,
      number: 1,
      identifier: `${p.key}-1`,
      summary: 'Paid work',
      reporterId: ownerId,
      assigneeId: devId,
      price,
      stage: 'Complete',
    })
    .returning();
  return { project: p, task };
}

async function review(
  ownerId: string,
  devId: string,
  rating: number,
  visibleAt = new Date(Date.now() - DAY),
  price = 5_000_000n,
) {
  const { project, task } = await helperTask(ownerId, devId, price);
  await t.app.db.insert(reviews).values({
    taskId: task.id,
    projectId: project.id,
    reviewerId: ownerId,
    revieweeId: devId,
    subject: 'developer',
    rating,
    visibleAt,
  });
}

async function paidTask(ownerId: string, devId: string) {
  const { project, task } = await helperTask(ownerId, devId);
  await t.app.db.insert(transactions).values({
    userId: devId,
    type: 'Payment-In',
    status: 'Complete',
    currency: 'USDT',
    amount: 5_000_000n,
    taskId: task.id,
    projectId: project.id,
    completedAt: new Date(),
  });
}

describe('GET /projects/{id}/recommended-talent (DESIGN §17)', () => {
  it('ranks by matched tags, rating, paid tasks, newest; leaves out every exclusion; compares without case', async () => {
    const [a, b, c] = [`Alpha${uniq()}`, `Beta${uniq()}`, `Gamma${uniq()}`];
    const owner = await createUser(t.app, { firstName: 'Olga' });
    const other = await createUser(t.app);
    const project = await createProject(t.app, owner.user.id, { tags: `${a},${b},${c}` });

    const all3 = await dev([a, b, c]);
    const rated4 = await dev([a, b]);
    const rated3 = await dev([b.toUpperCase(), a.toLowerCase()]);
    const paid2 = await dev([a, b]);
    const newest = await dev([a, b], { createdAt: new Date() });
    const older = await dev([a, b], { createdAt: new Date(Date.now() - 10 * DAY) });
    // Five stars on a 1 USDT task: below the floor, so it ranks as unrated (DESIGN §19).
    const cheap = await dev([a, b], { createdAt: new Date(Date.now() - 20 * DAY) });
    await review(other.user.id, cheap.user.id, 5, undefined, 1_000_000n);
    const one = await dev([c.toLowerCase(), 'Unrelated']);
    await review(other.user.id, rated4.user.id, 4);
    await review(other.user.id, rated3.user.id, 3);
    // Hidden reviews (double-blind, not yet shown) do not count: with them rated3 would average 4.33.
    await review(other.user.id, rated3.user.id, 5, new Date(Date.now() + 5 * DAY));
    await review(other.user.id, rated3.user.id, 5, new Date(Date.now() + 5 * DAY));
    await paidTask(other.user.id, paid2.user.id);
    await paidTask(other.user.id, paid2.user.id);

    // Exclusions: a member, an invitee, an applicant, an unapproved developer, a client with the
    // tags, a developer with no matching tag.
    const member = await dev([a, b, c]);
    await addMember(t.app, project.id, member.user.id);
    const invited = await dev([a, b, c]);
    await t.app.db.insert(invites).values({ projectId: project.id, userId: invited.user.id, invitedBy: owner.user.id });
    const applied = await dev([a, b, c]);
    await t.app.db.insert(applications).values({ projectId: project.id, userId: applied.user.id, message: 'Hi' });
    const pending = await dev([a, b, c], { reviewStatus: 'pending' });
    const client = await createUser(t.app, { tags: [a, b, c] });
    const noMatch = await dev([`Zeta${uniq()}`]);

    const r = await call(t.app, 'GET', `/projects/${project.id}/recommended-talent`, { token: owner.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ids = r.body.map((x: { user: { id: string } }) => x.user.id);
    expect(ids).toEqual([
      all3.user.id,
      rated4.user.id,
      rated3.user.id,
      paid2.user.id,
      newest.user.id,
      older.user.id,
      cheap.user.id,
      one.user.id,
    ]);
    for (const excluded of [member, invited, applied, pending, client, noMatch, owner]) {
      expect(ids).not.toContain(excluded.user.id);
    }
    // Matched tags in the project's spelling; the score is their count; the public user object.
    expect(r.body[0]).toMatchObject({
      matchedTags: [a, b, c],
      score: 3,
      user: { id: all3.user.id, type: 'Developer' },
    });
    expect(r.body[2]).toMatchObject({ matchedTags: [a, b], score: 2, user: { rating: { average: 3, count: 1 } } });
    expect(r.body[3].user.completedPaidTasks).toBe(2);
    expect(r.body[6].user.rating).toEqual({ average: null, count: 0 });
    expect(r.body[7]).toMatchObject({ matchedTags: [c], score: 1 });
    expect(r.body[0].user).not.toHaveProperty('email');

    // The limit.
    const two = await call(t.app, 'GET', `/projects/${project.id}/recommended-talent?limit=2`, { token: owner.token });
    expect(two.body.map((x: { user: { id: string } }) => x.user.id)).toEqual([all3.user.id, rated4.user.id]);
    expectValidationError(
      await call(t.app, 'GET', `/projects/${project.id}/recommended-talent?limit=21`, { token: owner.token }),
      { limit: 'Must be at most 20' },
    );
    expectValidationError(
      await call(t.app, 'GET', `/projects/${project.id}/recommended-talent?limit=0`, { token: owner.token }),
      { limit: 'Must be at least 1' },
    );
  });

  it('the owner only: 403 for others (a member too), 404 for a project they cannot see', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const member = await dev(['React']);
    const pub = await createProject(t.app, owner.user.id, { tags: 'React' });
    await addMember(t.app, pub.id, member.user.id);
    const priv = await createProject(t.app, owner.user.id, { tags: 'React', visibility: 'Private' });
    for (const who of [stranger, member]) {
      const r = await call(t.app, 'GET', `/projects/${pub.id}/recommended-talent`, { token: who.token });
      expect(r.status).toBe(403);
    }
    expect(
      (await call(t.app, 'GET', `/projects/${priv.id}/recommended-talent`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', `/projects/${pub.id}/recommended-talent`)).status).toBe(401);
    // A project without tags: nothing to match.
    const bare = await createProject(t.app, owner.user.id, { tags: '' });
    const r = await call(t.app, 'GET', `/projects/${bare.id}/recommended-talent`, { token: owner.token });
    expect(r.body).toEqual([]);
  });
});

describe('GET /projects/recommended (DESIGN §17)', () => {
  it('public projects sharing a tag, not owned, joined or applied to; by matched tags then newest', async () => {
    const [x, y] = [`Xr${uniq()}`, `Yr${uniq()}`];
    const me = await dev([x, y.toLowerCase()]);
    const owner = await createUser(t.app);
    const at = (days: number) => new Date(Date.now() - days * DAY);
    const both = await createProject(t.app, owner.user.id, { tags: `${x},${y}`, createdAt: at(5) });
    const oneOld = await createProject(t.app, owner.user.id, { tags: x, createdAt: at(3) });
    const oneNew = await createProject(t.app, owner.user.id, { tags: `${y.toUpperCase()},Other`, createdAt: at(1) });
    await createProject(t.app, owner.user.id, { tags: x, visibility: 'Private' });
    await createProject(t.app, me.user.id, { tags: x });
    const joined = await createProject(t.app, owner.user.id, { tags: x });
    await addMember(t.app, joined.id, me.user.id);
    const appliedTo = await createProject(t.app, owner.user.id, { tags: x });
    await t.app.db.insert(applications).values({ projectId: appliedTo.id, userId: me.user.id, message: 'Hi' });
    await createProject(t.app, owner.user.id, { tags: `Nomatch${uniq()}` });

    const r = await call(t.app, 'GET', '/projects/recommended', { token: me.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((e: { project: { id: string } }) => e.project.id)).toEqual([both.id, oneNew.id, oneOld.id]);
    expect(r.body[0].matchedTags).toEqual([x, y]);
    expect(r.body[1].matchedTags).toEqual([y.toUpperCase()]);
    // The listing card: excerpt, budget, applicants and the client's standing.
    expect(r.body[0].project).toMatchObject({ budget: '0', applicants: 0, client: { hires: 0 } });

    const limited = await call(t.app, 'GET', '/projects/recommended?limit=1', { token: me.token });
    expect(limited.body).toHaveLength(1);
    expectValidationError(await call(t.app, 'GET', '/projects/recommended?limit=21', { token: me.token }), {
      limit: 'Must be at most 20',
    });
    expect((await call(t.app, 'GET', '/projects/recommended', { token: owner.token })).status).toBe(403);
    const untagged = await dev([]);
    expect((await call(t.app, 'GET', '/projects/recommended', { token: untagged.token })).body).toEqual([]);
  });
});

describe('project.matched (DESIGN §17)', () => {
  const matchedOf = async (userId: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'project.matched')));

  it('tells the best-matching developers of a new public project, at most once a day each', async () => {
    const q = `Qt${uniq()}`;
    const client = await createUser(t.app, { firstName: 'Cleo' });
    const fan = await dev([q]);
    const create = (visibility: 'Public' | 'Private' = 'Public', tags = q.toLowerCase()) =>
      call(t.app, 'POST', '/projects', {
        token: client.token,
        body: {
          name: `Matched ${uniq()}`,
          company: 'Acme',
          description: 'A project that needs help.',
          tags,
          visibility,
        },
      });
    expect((await create('Private')).status).toBe(200);
    expect(await matchedOf(fan.user.id)).toHaveLength(0);

    const first = await create();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [n] = await matchedOf(fan.user.id);
    expect(n).toMatchObject({ emailCategory: 'applications', link: `/project/${first.body.handle}/details` });
    expect(n.title).toContain(first.body.name);
    expect(n.body).toContain(q.toLowerCase());

    // A second project the same day: no second notification.
    expect((await create()).status).toBe(200);
    expect(await matchedOf(fan.user.id)).toHaveLength(1);

    // A day later (the clock advanced, nobody sleeps): told again.
    const realNow = t.app.ctx.now;
    t.app.ctx.now = () => new Date(Date.now() + DAY + 60_000);
    try {
      expect((await create()).status).toBe(200);
    } finally {
      t.app.ctx.now = realNow;
    }
    expect(await matchedOf(fan.user.id)).toHaveLength(2);
  });

  it('reaches at most 20 developers, the best-ranked', async () => {
    const [q, r] = [`Qm${uniq()}`, `Rm${uniq()}`];
    const client = await createUser(t.app);
    const best = await dev([q, r]);
    const rest = [];
    for (let i = 0; i < 20; i++) rest.push(await dev([q], { createdAt: new Date(Date.now() - (i + 1) * 60_000) }));
    const res = await call(t.app, 'POST', '/projects', {
      token: client.token,
      body: { name: 'Wide net', company: 'Acme', description: 'A project that needs help.', tags: `${q},${r}` },
    });
    expect(res.status).toBe(200);
    const told = await t.app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(eq(notifications.type, 'project.matched'), eq(notifications.link, `/project/${res.body.handle}/details`)),
      );
    const n = told.length;
    expect(n).toBe(20);
    expect(await matchedOf(best.user.id)).toHaveLength(1);
    // The oldest account of the one-tag developers is the 21st: left out.
    expect(await matchedOf(rest[19].user.id)).toHaveLength(0);
  });
});

describe('open tags (DESIGN §19)', () => {
  it('accepts people’s own tags, compares them without case, refuses bad ones with a message per field', async () => {
    const client = await createUser(t.app);
    const body = (tags: unknown) => ({
      name: `Tags ${uniq()}`,
      company: 'Acme',
      description: 'Some work to do.',
      tags,
    });
    const ok = await call(t.app, 'POST', '/projects', {
      token: client.token,
      body: body('solidity, react ,C++,c++,C#'),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.tags).toBe('solidity,React,C++,C#');
    const asArray = await call(t.app, 'POST', '/projects', { token: client.token, body: body(['Python', '.NET']) });
    expect(asArray.body.tags).toBe('Python,.NET');

    expectValidationError(await call(t.app, 'POST', '/projects', { token: client.token, body: body('Py$thon') }), {
      tags: TAG_MSG.characters('Py$thon'),
    });
    expectValidationError(await call(t.app, 'POST', '/projects', { token: client.token, body: body('x'.repeat(31)) }), {
      tags: TAG_MSG.tooLong('x'.repeat(31)),
    });
    const thirteen = Array.from({ length: 13 }, (_, i) => `T${i}`);
    expectValidationError(await call(t.app, 'POST', '/projects', { token: client.token, body: body(thirteen) }), {
      tags: TAG_MSG.tooMany,
    });

    const me = await dev([]);
    const saved = await call(t.app, 'POST', '/user', {
      token: me.token,
      body: { tags: ['Solidity', 'solidity', 'Rust lang', 'vue'] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.tags).toEqual(['Solidity', 'Rust lang', 'Vue']);
    expectValidationError(await call(t.app, 'POST', '/user', { token: me.token, body: { tags: ['ok', 'no/slash'] } }), {
      tags: TAG_MSG.characters('no/slash'),
    });

    // Searches compare without case and use the keys.
    const talent = await call(t.app, 'POST', '/users/talent/search', { token: me.token, body: { tags: ['SOLIDITY'] } });
    expect(talent.body.users.map((u: { id: string }) => u.id)).toContain(me.user.id);
    const byWord = await call(t.app, 'POST', '/users/talent/search', { token: me.token, body: { query: 'solidity' } });
    expect(byWord.body.users.map((u: { id: string }) => u.id)).toContain(me.user.id);
    const listed = await call(t.app, 'GET', '/projects/public?tags=SOLIDITY');
    expect(listed.body.projects.map((p: { id: string }) => p.id)).toContain(ok.body.id);
    const searched = await call(t.app, 'POST', '/projects/search', { body: { query: '', tags: ['python'] } });
    expect(searched.body.map((p: { id: string }) => p.id)).toContain(asArray.body.id);
  });
});
