import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_SEARCH_LIMIT } from '@devmarket/contract';
import { escrowHolds, tasks } from '../../../src/db/schema/index';
import { fundUser } from '../../factories/money';
import { addMember, createProject } from '../../factories/projects';
import { insertTasks } from '../../factories/tasks';
import { createUser } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const body = { name: 'Acme Shop', description: '# Shop\n\nA **new** storefront for Acme.', company: 'Acme Inc' };

describe('POST /projects', () => {
  it('needs a signed-in, verified client', async () => {
    expect((await call(t.app, 'POST', '/projects', { body })).status).toBe(401);
    const dev = await createUser(t.app, { type: 'Developer' });
    expect((await call(t.app, 'POST', '/projects', { token: dev.token, body })).status).toBe(403);
    const unverified = await createUser(t.app, { verified: false });
    expect((await call(t.app, 'POST', '/projects', { token: unverified.token, body })).status).toBe(403);
  });

  it('requires name, description and company', async () => {
    const { token } = await createUser(t.app);
    const r = await call(t.app, 'POST', '/projects', { token, body: { name: ' ', description: '' } });
    expectValidationError(r, {
      name: 'This field is required.',
      description: 'This field is required.',
      company: 'This field is required.',
    });
  });

  it('creates a public project with a readable unique handle, a key and a generated avatar', async () => {
    const { user, token } = await createUser(t.app);
    const a = await call(t.app, 'POST', '/projects', { token, body: { ...body, tags: 'react, node,React' } });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({
      handle: 'acme-shop',
      key: 'AS',
      name: 'Acme Shop',
      ownerID: user.id,
      visibility: 'Public',
      verified: null,
      tags: 'React,Node',
      // Parsed markdown: the heading stays apart from the paragraph.
      shortDescription: 'Shop: A new storefront for Acme.',
    });
    expect(a.body.image).toMatch(/^__/);
    const b = await call(t.app, 'POST', '/projects', { token, body });
    expect(b.body.handle).toBe('acme-shop-2');
    expect(b.body.key).toBe('AS2');
    const reserved = await call(t.app, 'POST', '/projects', { token, body: { ...body, name: 'Featured' } });
    expect(reserved.body.handle).toBe('featured-project');

    const my = await call(t.app, 'GET', '/projects/my', { token });
    expect(my.body.map((p: { handle: string }) => p.handle)).toEqual(
      expect.arrayContaining(['acme-shop', 'acme-shop-2', 'featured-project']),
    );
    const owned = await call(t.app, 'GET', '/projects/owned', { token });
    expect(owned.body).toHaveLength(3);
    const got = await call(t.app, 'GET', '/projects/acme-shop', { token });
    expect(got.body.users).toEqual([expect.objectContaining({ userID: user.id, role: 'Owner' })]);
  });
});

describe('reading a project', () => {
  it('shows a public project to anyone and hides a private one from outsiders (404)', async () => {
    const owner = await createUser(t.app);
    const outsider = await createUser(t.app, { type: 'Developer' });
    const member = await createUser(t.app, { type: 'Developer' });
    const pub = await createProject(t.app, owner.user.id);
    const priv = await createProject(t.app, owner.user.id, { visibility: 'Private' });
    await addMember(t.app, priv.id, member.user.id);

    expect((await call(t.app, 'GET', `/projects/${pub.handle}`)).status).toBe(200);
    expect((await call(t.app, 'GET', `/projects/id/${pub.id}`, { token: outsider.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/projects/${pub.id}/details`)).status).toBe(200);

    for (const url of [
      `/projects/${priv.handle}`,
      `/projects/id/${priv.id}`,
      `/projects/${priv.id}/details`,
      `/projects/${priv.id}/users`,
    ]) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(404);
      expect((await call(t.app, 'GET', url, { token: outsider.token })).status, url).toBe(404);
      expect((await call(t.app, 'GET', url, { token: member.token })).status, url).toBe(200);
    }
    expect((await call(t.app, 'GET', '/projects/id/not-a-uuid')).status).toBe(404);
    expect((await call(t.app, 'GET', '/projects/no-such-handle')).status).toBe(404);
  });

  it('details carry the owner location, totals, tags and the viewer relation', async () => {
    const owner = await createUser(t.app, { location: 'Lisbon, Portugal' });
    const p = await createProject(t.app, owner.user.id, { tags: 'React,Docker' });
    await t.app.db.insert(tasks).values([
      {
        projectId: p.id,
        number: 1,
        identifier: `${p.key}-1`,
        summary: 'a',
        reporterId: owner.user.id,
        stage: 'Complete',
        price: 25_500_000n,
      },
      {
        projectId: p.id,
        number: 2,
        identifier: `${p.key}-2`,
        summary: 'b',
        reporterId: owner.user.id,
        stage: 'Complete',
        price: 10_000_000n,
      },
      {
        projectId: p.id,
        number: 3,
        identifier: `${p.key}-3`,
        summary: 'c',
        reporterId: owner.user.id,
        stage: 'ToDo',
        price: 99_000_000n,
      },
      // Open tasks: what a developer deciding to apply sees (issue 28); one unpriced.
      {
        projectId: p.id,
        number: 4,
        identifier: `${p.key}-4`,
        summary: 'd',
        reporterId: owner.user.id,
        stage: 'Unassigned',
        price: 40_250_000n,
      },
      {
        projectId: p.id,
        number: 5,
        identifier: `${p.key}-5`,
        summary: 'e',
        reporterId: owner.user.id,
        stage: 'Unassigned',
        price: 1_000_000_000n,
      },
      {
        projectId: p.id,
        number: 6,
        identifier: `${p.key}-6`,
        summary: 'f',
        reporterId: owner.user.id,
        stage: 'Unassigned',
      },
    ]);
    const r = await call(t.app, 'GET', `/projects/${p.handle}/details`, { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: p.id,
      location: 'Lisbon, Portugal',
      completedTasks: 2,
      totalSpent: '35.5',
      budget: '1040.25',
      openTasks: 3,
      tagList: ['React', 'Docker'],
      viewer: { isMember: true, isOwner: true, hasApplied: false, hasInvite: false },
    });
    expect((await call(t.app, 'GET', `/projects/${p.id}/details`)).body.viewer).toBeNull();
  });
});

describe('listing and search', () => {
  it('lists public projects in pages, filters by tag, and never shows private ones', async () => {
    const owner = await createUser(t.app);
    const tag = 'Kubernetes';
    const made = [];
    for (let i = 0; i < 14; i++) {
      made.push(
        await createProject(t.app, owner.user.id, { tags: i % 2 ? `${tag},AWS` : 'Vue', name: `Listing ${i}` }),
      );
    }
    const secret = await createProject(t.app, owner.user.id, { visibility: 'Private', tags: tag, name: 'Secret k8s' });

    const page1 = await call(t.app, 'GET', '/projects/public');
    expect(page1.status).toBe(200);
    expect(page1.body.projects).toHaveLength(12);
    expect(page1.body.pages).toBeGreaterThanOrEqual(2);
    const page2 = await call(t.app, 'GET', `/projects/public?page=${page1.body.pages}`);
    expect(page2.body.projects.length).toBeGreaterThan(0);

    const tagged = await call(t.app, 'GET', `/projects/public?tags=${tag},aws`);
    expect(tagged.body.projects).toHaveLength(7);
    expect(tagged.body.pages).toBe(1);
    expect(tagged.body.projects.map((p: { id: string }) => p.id)).not.toContain(secret.id);

    expect((await call(t.app, 'GET', '/projects/public?page=0')).status).toBe(422);
    const featured = await call(t.app, 'GET', '/projects/featured');
    expect(featured.body).toEqual({ projects: [], pages: 1 });
    void made;
  });

  it('searches name, company, description and tags with prefixes; private projects stay hidden', async () => {
    const owner = await createUser(t.app);
    const a = await createProject(t.app, owner.user.id, {
      name: 'Zebracorn Payments',
      company: 'Stripeish',
      tags: 'Node',
    });
    const b = await createProject(t.app, owner.user.id, {
      description: 'We migrate a zebracorn monolith to services',
      tags: 'Docker',
    });
    await createProject(t.app, owner.user.id, { name: 'Zebracorn secret', visibility: 'Private' });

    const ids = async (query: string, tags?: string[]) =>
      (await call(t.app, 'POST', '/projects/search', { body: { query, tags } })).body.map((p: { id: string }) => p.id);
    expect((await ids('zebracorn')).sort()).toEqual([a.id, b.id].sort());
    expect(await ids('zebra')).toHaveLength(2);
    expect(await ids('stripeish')).toEqual([a.id]);
    expect(await ids('zebracorn', ['Docker'])).toEqual([b.id]);
    expect(await ids('monolith services')).toEqual([b.id]);
    expect(await ids('!!! ??')).toEqual(expect.any(Array));
    expect((await call(t.app, 'POST', '/projects/search', { body: { query: 'x'.repeat(201) } })).status).toBe(422);
  });

  it('ranks a broad search over more candidates than the limit and cuts it to the limit', async () => {
    // More matches than PROJECT_SEARCH_LIMIT take the other path: the candidates go back to
    // PostgreSQL as one array parameter, are ranked there and cut to the limit.
    const owner = await createUser(t.app);
    const best = await createProject(t.app, owner.user.id, {
      name: 'Quokkapay quokkapay',
      description: 'Quokkapay, quokkapay and quokkapay again',
    });
    for (let i = 0; i < PROJECT_SEARCH_LIMIT + 2; i++) {
      await createProject(t.app, owner.user.id, { name: `Quokkapay ${i}` });
    }
    const res = await call(t.app, 'POST', '/projects/search', { body: { query: 'quokkapay' } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(PROJECT_SEARCH_LIMIT);
    expect(res.body[0].id).toBe(best.id);
    expect(new Set(res.body.map((p: { id: string }) => p.id)).size).toBe(PROJECT_SEARCH_LIMIT);
  });
});

describe('listing cards', () => {
  it('carry excerpt, open budget, applicants and the client standing; sort by budget and newest', async () => {
    const client = await createUser(t.app, { location: 'Lisbon, Portugal' });
    const dev = await createUser(t.app, { type: 'Developer' });
    await fundUser(t.app, client.user.id, '500');
    const tag = `Zeb${Date.now() % 100000}`;
    const make = async (name: string, description: string) => {
      const r = await call(t.app, 'POST', '/projects', {
        token: client.token,
        body: { name, description, company: 'Zebracorp', tags: tag },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as { id: string; key: string };
    };
    const cheap = await make('Cheap one', '## Goal\nRebuild our storefront\n\n- Product pages\n- Checkout with Stripe');
    const rich = await make('Rich one', 'Plain words');
    // Open budget: unassigned priced tasks only (the paid one below does not count).
    await insertTasks(t.app, cheap, client.user.id, 2, { price: 10_000_000n });
    await insertTasks(t.app, rich, client.user.id, 1, { price: 300_000_000n });
    await addMember(t.app, rich.id, dev.user.id);
    const task = await call(t.app, 'POST', '/tasks', {
      token: client.token,
      body: { projectID: rich.id, summary: 'Paid work', price: '40', assigneeID: dev.user.id },
    });
    for (const stage of ['Review', 'Complete']) {
      await call(t.app, 'POST', `/tasks/${task.body.id}/stage`, { token: client.token, body: { stage } });
    }
    const applicant = await createUser(t.app, { type: 'Developer' });
    expect(
      (
        await call(t.app, 'POST', `/applications/project/${cheap.id}/apply`, {
          token: applicant.token,
          body: { message: 'Hi' },
        })
      ).status,
    ).toBe(200);
    await call(t.app, 'POST', `/tasks/${task.body.id}/review`, { token: dev.token, body: { rating: 4 } });
    await call(t.app, 'POST', `/tasks/${task.body.id}/review`, { token: client.token, body: { rating: 5 } });

    const byBudget = await call(t.app, 'GET', `/projects/public?tags=${tag}&sort=budget`);
    expect(byBudget.status).toBe(200);
    expect(byBudget.body.projects.map((p: { id: string }) => p.id)).toEqual([rich.id, cheap.id]);
    const [richCard, cheapCard] = byBudget.body.projects;
    const standing = { rating: { average: 4, count: 1 }, totalSpent: '40', hires: 1, location: 'Lisbon, Portugal' };
    expect(richCard).toMatchObject({ budget: '300', applicants: 0, excerpt: 'Plain words.', client: standing });
    expect(cheapCard).toMatchObject({
      budget: '20',
      applicants: 1,
      excerpt: 'Goal: Rebuild our storefront. Product pages, Checkout with Stripe.',
      client: standing,
    });
    const newest = await call(t.app, 'GET', `/projects/public?tags=${tag}&sort=newest`);
    expect(newest.body.projects.map((p: { id: string }) => p.id)).toEqual([rich.id, cheap.id]);
    const search = await call(t.app, 'POST', '/projects/search', { body: { query: 'zebracorp', sort: 'budget' } });
    expect(search.body.map((p: { id: string }) => p.id)).toEqual([rich.id, cheap.id]);
    expect(search.body[1]).toMatchObject({ budget: '20', applicants: 1, client: standing });
    const details = await call(t.app, 'GET', `/projects/${cheap.id}/details`);
    expect(details.body.client).toEqual(standing);
  });
});

describe('settings, team and deletion', () => {
  it('only the owner updates; the handle never changes; outsiders of a private project get 404', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app, { type: 'Developer' });
    const outsider = await createUser(t.app);
    const p = await createProject(t.app, owner.user.id, { visibility: 'Private' });
    await addMember(t.app, p.id, member.user.id);
    const update = { ...body, handle: 'hijacked', name: 'Renamed', visibility: 'Public' };

    expect((await call(t.app, 'POST', `/projects/${p.id}`, { token: member.token, body: update })).status).toBe(403);
    expect((await call(t.app, 'POST', `/projects/${p.id}`, { token: outsider.token, body: update })).status).toBe(404);
    expectValidationError(
      await call(t.app, 'POST', `/projects/${p.id}`, { token: owner.token, body: { ...update, company: '' } }),
      {
        company: 'This field is required.',
      },
    );
    const r = await call(t.app, 'POST', `/projects/${p.id}`, { token: owner.token, body: update });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Renamed', handle: p.handle, visibility: 'Public', company: 'Acme Inc' });
  });

  it('removes Admin members only, never the owner or oneself, and only by the owner', async () => {
    const owner = await createUser(t.app);
    const a = await createUser(t.app, { type: 'Developer' });
    const b = await createUser(t.app, { type: 'Developer' });
    const p = await createProject(t.app, owner.user.id);
    await addMember(t.app, p.id, a.user.id);
    await addMember(t.app, p.id, b.user.id);

    expect((await call(t.app, 'DELETE', `/projects/${p.id}/users/${b.user.id}`, { token: a.token })).status).toBe(403);
    expect(
      (await call(t.app, 'DELETE', `/projects/${p.id}/users/${owner.user.id}`, { token: owner.token })).status,
    ).toBe(403);
    const stranger = await createUser(t.app);
    expect(
      (await call(t.app, 'DELETE', `/projects/${p.id}/users/${stranger.user.id}`, { token: owner.token })).status,
    ).toBe(404);
    const r = await call(t.app, 'DELETE', `/projects/${p.id}/users/${a.user.id}`, { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body.map((u: { userID: string }) => u.userID)).toEqual([owner.user.id, b.user.id]);
    const users = await call(t.app, 'GET', `/projects/${p.id}/users`, { token: b.token });
    expect(users.body).toHaveLength(2);
  });

  it('deletes only for the owner, and never while a task holds escrowed funds', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app, { type: 'Developer' });
    const p = await createProject(t.app, owner.user.id);
    await addMember(t.app, p.id, member.user.id);
    const [task] = await t.app.db
      .insert(tasks)
      .values({
        projectId: p.id,
        number: 1,
        identifier: `${p.key}-1`,
        summary: 'x',
        reporterId: owner.user.id,
        assigneeId: member.user.id,
        stage: 'ToDo',
        price: 5_000_000n,
      })
      .returning();
    await t.app.db.insert(escrowHolds).values({ taskId: task.id, ownerId: owner.user.id, amount: 5_000_000n });

    expect((await call(t.app, 'DELETE', `/projects/${p.id}`, { token: member.token })).status).toBe(403);
    const blocked = await call(t.app, 'DELETE', `/projects/${p.id}`, { token: owner.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.msg).toMatch(/escrowed funds/);

    const { eq } = await import('drizzle-orm');
    await t.app.db.update(escrowHolds).set({ status: 'paid' }).where(eq(escrowHolds.taskId, task.id));
    expect((await call(t.app, 'DELETE', `/projects/${p.id}`, { token: owner.token })).status).toBe(204);
    expect((await call(t.app, 'GET', `/projects/id/${p.id}`, { token: owner.token })).status).toBe(404);
  });
});

describe('staff', () => {
  it('verifies and features projects; the lists follow; others get 403', async () => {
    const staff = await createUser(t.app, { isStaff: true });
    const owner = await createUser(t.app);
    const p = await createProject(t.app, owner.user.id, { name: 'Staff pick' });
    expect((await call(t.app, 'POST', `/admin/projects/${p.id}/verify`, { token: owner.token })).status).toBe(403);
    const v = await call(t.app, 'POST', `/admin/projects/${p.id}/verify`, { token: staff.token });
    expect(v.status).toBe(200);
    expect(v.body.verified).toEqual(expect.any(String));
    expect((await call(t.app, 'POST', `/admin/projects/${p.id}/feature`, { token: staff.token })).status).toBe(200);
    const featured = await call(t.app, 'GET', '/projects/featured');
    expect(featured.body.projects.map((x: { id: string }) => x.id)).toContain(p.id);
    const verified = await call(t.app, 'GET', '/projects/verified');
    expect(verified.body.projects.map((x: { id: string }) => x.id)).toContain(p.id);
    const off = await call(t.app, 'POST', `/admin/projects/${p.id}/feature`, {
      token: staff.token,
      body: { featured: false },
    });
    expect(off.body.featured).toBeNull();
    const list = await call(t.app, 'GET', '/admin/projects?query=staff%20pick', { token: staff.token });
    expect(list.body.projects.map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect((await call(t.app, 'GET', '/admin/projects', { token: owner.token })).status).toBe(403);
  });
});

describe('GET /projects/owned?candidate (issue 28: the Invite dialog knows who is on what)', () => {
  it("says for each owned project whether the candidate is a member or invited; never another owner's", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    const onTeam = await createProject(t.app, owner.user.id);
    const invitedTo = await createProject(t.app, owner.user.id);
    const free = await createProject(t.app, owner.user.id);
    await createProject(t.app, other.user.id);
    await addMember(t.app, onTeam.id, dev.user.id);
    const inv = await call(t.app, 'POST', `/invites/projects/${invitedTo.id}`, {
      token: owner.token,
      body: { userID: dev.user.id },
    });
    expect(inv.status, JSON.stringify(inv.body)).toBe(200);

    const r = await call(t.app, 'GET', `/projects/owned?candidate=${dev.user.id}`, { token: owner.token });
    expect(r.status).toBe(200);
    const byId = Object.fromEntries(r.body.map((p: { id: string; candidate: string | null }) => [p.id, p.candidate]));
    expect(byId).toEqual({ [onTeam.id]: 'member', [invitedTo.id]: 'invited', [free.id]: null });

    const plain = await call(t.app, 'GET', '/projects/owned', { token: owner.token });
    expect(plain.body.every((p: { candidate: unknown }) => p.candidate === null)).toBe(true);
    expectValidationError(await call(t.app, 'GET', '/projects/owned?candidate=nope', { token: owner.token }), {
      candidate: /./,
    });
    // Inviting a member is refused with a message the dialog can show.
    const again = await call(t.app, 'POST', `/invites/projects/${onTeam.id}`, {
      token: owner.token,
      body: { userID: dev.user.id },
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBeTruthy();
  });
});
