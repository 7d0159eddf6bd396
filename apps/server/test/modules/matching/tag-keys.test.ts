import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsCommands } from '../../../src/cli/accounts-commands';
import { projectsCommands } from '../../../src/cli/projects-commands';
import { scaleCommands } from '../../../src/cli/scale-commands';
import { queryRows } from '../../../src/db/rows';
import { reviews, tasks, users } from '../../../src/db/schema/index';
import { createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const DEV = sql`u.type = 'Developer' and u.review_status = 'approved'`;
const PUBLIC = sql`p.visibility = 'Public'`;

/** Rows of `actual` missing from `expected` and the other way round (a symmetric difference). */
const differ = (expected: ReturnType<typeof sql>, actual: ReturnType<typeof sql>) =>
  sql`((${expected}) except (${actual})) union all ((${actual}) except (${expected}))`;

/**
 * Rows of the side tables of migration 0014 that differ from what the users and projects say:
 * every approved developer's keys and key pairs, every public project's, with their created_at,
 * and nothing else. Empty when the side tables are true.
 */
async function drift(): Promise<unknown[]> {
  return queryRows(
    t.app.db,
    sql`${differ(
      sql`select k, u.id, u.created_at from users u cross join lateral unnest(u.tag_keys) k where ${DEV}`,
      sql`select tag_key, user_id, created_at from user_tag_keys`,
    )}
    union all ${differ(
      sql`select a || '|' || b, u.id, u.created_at from users u, unnest(u.tag_keys) a, unnest(u.tag_keys) b where a < b and ${DEV}`,
      sql`select tag_key_a || '|' || tag_key_b, user_id, created_at from user_tag_pairs`,
    )}
    union all ${differ(
      sql`select k, p.id, p.created_at from projects p cross join lateral unnest(p.tag_keys) k where ${PUBLIC}`,
      sql`select tag_key, project_id, created_at from project_tag_keys`,
    )}
    union all ${differ(
      sql`select a || '|' || b, p.id, p.created_at from projects p, unnest(p.tag_keys) a, unnest(p.tag_keys) b where a < b and ${PUBLIC}`,
      sql`select tag_key_a || '|' || tag_key_b, project_id, created_at from project_tag_pairs`,
    )}`,
  );
}

const pairsOfUser = async (id: string) =>
  (
    await queryRows<{ pair: string }>(
      t.app.db,
      sql`select tag_key_a || '|' || tag_key_b as pair from user_tag_pairs where user_id = ${id} order by 1`,
    )
  ).map((r) => r.pair);

const keysOfUser = async (id: string) =>
  (
    await queryRows<{ tag_key: string }>(
      t.app.db,
      sql`select tag_key from user_tag_keys where user_id = ${id} order by tag_key`,
    )
  ).map((r) => r.tag_key);
const keysOfProject = async (id: string) =>
  (
    await queryRows<{ tag_key: string }>(
      t.app.db,
      sql`select tag_key from project_tag_keys where project_id = ${id} order by tag_key`,
    )
  ).map((r) => r.tag_key);

describe('user_tag_keys and project_tag_keys stay true (migration 0014)', () => {
  it('follows a developer’s tag edits, removal, approval and deletion', async () => {
    const me = await createUser(t.app, { type: 'Developer', tags: ['Rust', 'Go'] });
    expect(await keysOfUser(me.user.id)).toEqual(['go', 'rust']);

    const edited = await call(t.app, 'POST', '/user', { token: me.token, body: { tags: ['Solidity', 'RUST', 'vue'] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await keysOfUser(me.user.id)).toEqual(['rust', 'solidity', 'vue']);
    expect(await pairsOfUser(me.user.id)).toEqual(['rust|solidity', 'rust|vue', 'solidity|vue']);

    // Other profile edits leave the keys alone; removing every tag removes every row.
    expect((await call(t.app, 'POST', '/user', { token: me.token, body: { title: 'Engineer' } })).status).toBe(200);
    expect(await keysOfUser(me.user.id)).toEqual(['rust', 'solidity', 'vue']);
    expect((await call(t.app, 'POST', '/user', { token: me.token, body: { tags: [] } })).status).toBe(200);
    expect(await keysOfUser(me.user.id)).toEqual([]);
    expect(await pairsOfUser(me.user.id)).toEqual([]);

    // Only approved developers are candidates: a pending one has no rows until approved.
    const pending = await createUser(t.app, {
      type: 'Developer',
      verified: false,
      emailVerifiedAt: new Date(),
      reviewStatus: 'pending',
      tags: ['Kotlin'],
    });
    expect(await keysOfUser(pending.user.id)).toEqual([]);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await accountsCommands['approve-developer'].run({
      database: t.database,
      config: t.config,
      args: { email: pending.user.email },
    });
    log.mockRestore();
    expect(await keysOfUser(pending.user.id)).toEqual(['kotlin']);

    // A client with tags is never a candidate; a deleted account leaves nothing behind.
    const client = await createUser(t.app, { tags: ['Rust'] });
    expect(await keysOfUser(client.user.id)).toEqual([]);
    await t.app.db.delete(users).where(sql`${users.id} = ${pending.user.id}`);
    expect(await keysOfUser(pending.user.id)).toEqual([]);
    expect(await drift()).toEqual([]);
  });

  it('follows a project’s creation, tag edits and visibility', async () => {
    const owner = await createUser(t.app);
    const created = await call(t.app, 'POST', '/projects', {
      token: owner.token,
      body: { name: 'Keys kept', company: 'Acme', description: 'Some work to do.', tags: 'React, node,REACT' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id as string;
    const settings = { name: 'Keys kept', company: 'Acme', description: 'Some work to do.' };
    expect(await keysOfProject(id)).toEqual(['node', 'react']);

    const retagged = await call(t.app, 'POST', `/projects/${id}`, {
      token: owner.token,
      body: { ...settings, tags: 'Go,Rust' },
    });
    expect(retagged.status, JSON.stringify(retagged.body)).toBe(200);
    expect(await keysOfProject(id)).toEqual(['go', 'rust']);

    // A private project is nobody's recommendation: no rows, back when it is public again.
    expect(
      (
        await call(t.app, 'POST', `/projects/${id}`, {
          token: owner.token,
          body: { ...settings, visibility: 'Private' },
        })
      ).status,
    ).toBe(200);
    expect(await keysOfProject(id)).toEqual([]);
    const priv = await createProject(t.app, owner.user.id, { tags: 'Go', visibility: 'Private' });
    expect(await keysOfProject(priv.id)).toEqual([]);
    expect(
      (
        await call(t.app, 'POST', `/projects/${id}`, {
          token: owner.token,
          body: { ...settings, visibility: 'Public' },
        })
      ).status,
    ).toBe(200);
    expect(await keysOfProject(id)).toEqual(['go', 'rust']);

    expect((await call(t.app, 'DELETE', `/projects/${id}`, { token: owner.token })).status).toBe(204);
    expect(await keysOfProject(id)).toEqual([]);
    expect(await drift()).toEqual([]);
  });

  it('is filled by the seeds (seed-demo and seed-scale’s bulk SQL)', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await projectsCommands['seed-demo'].run({ database: t.database, config: t.config, args: {} });
      await scaleCommands['seed-scale'].run({ database: t.database, config: t.config, args: { users: '60' } });
    } finally {
      log.mockRestore();
    }
    const [{ n }] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from user_tag_keys k join users u on u.id = k.user_id
          where u.email like 'scale%@example.com'`,
    );
    expect(n).toBeGreaterThan(80);
    expect(await drift()).toEqual([]);
  });
});

describe('ranking from the pair tables (two or more shared tags fill the page)', () => {
  it('gives every limit the same prefix of the one exact order', async () => {
    const u = () => randomBytes(3).toString('hex');
    const [a, b, c] = [`Pa${u()}`, `Pb${u()}`, `Pc${u()}`];
    const owner = await createUser(t.app);
    const project = await createProject(t.app, owner.user.id, { tags: `${a},${b},${c}` });
    const DAY = 24 * 60 * 60 * 1000;
    const dev = (tags: string[], daysOld: number) =>
      createUser(t.app, { type: 'Developer', tags, createdAt: new Date(Date.now() - daysOld * DAY) });
    const rate = async (devId: string, rating: number) => {
      const helper = await createProject(t.app, owner.user.id);
      const [task] = await t.app.db
        .insert(tasks)
        .values({
          projectId: helper.id,
          number: 1,
          identifier: `${helper.key}-1`,
          summary: 'Paid',
          reporterId: owner.user.id,
          // Earned work (DESIGN §19): priced at the floor, assigned to the approved developer.
          assigneeId: devId,
          price: 5_000_000n,
        })
        .returning();
      await t.app.db.insert(reviews).values({
        taskId: task.id,
        projectId: helper.id,
        reviewerId: owner.user.id,
        revieweeId: devId,
        subject: 'developer',
        rating,
        visibleAt: new Date(Date.now() - DAY),
      });
    };
    const all3 = await dev([a, b, c], 9);
    const rated5 = await dev([a, b], 8);
    const rated4 = await dev([c, b], 7);
    const newest = await dev([a, b], 1);
    const older = await dev([a, c], 6);
    const oneRated = await dev([a], 0);
    await rate(rated5.user.id, 5);
    await rate(rated4.user.id, 4);
    // One shared tag ranks below every two, however well rated.
    await rate(oneRated.user.id, 5);

    const ids = async (limit: number) =>
      (
        await call(t.app, 'GET', `/projects/${project.id}/recommended-talent?limit=${limit}`, { token: owner.token })
      ).body.map((x: { user: { id: string } }) => x.user.id);
    const full = await ids(20);
    expect(full).toEqual([all3, rated5, rated4, newest, older, oneRated].map((x) => x.user.id));
    for (let limit = 1; limit <= 6; limit++) expect(await ids(limit)).toEqual(full.slice(0, limit));
  });
});
