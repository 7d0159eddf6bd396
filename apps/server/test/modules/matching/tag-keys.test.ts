import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsCommands } from '../../../src/cli/accounts-commands';
import { projectsCommands } from '../../../src/cli/projects-commands';
import { scaleCommands } from '../../../src/cli/scale-commands';
import { queryRows } from '../../../src/db/rows';
import { users } from '../../../src/db/schema/index';
import { createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/**
 * Rows of user_tag_keys / project_tag_keys that differ from what the users and projects say
 * (migration 0014's triggers): every approved developer's keys and every public project's keys,
 * with their created_at, and nothing else. Empty when the side tables are true.
 */
async function drift(): Promise<unknown[]> {
  return queryRows(
    t.app.db,
    sql`(
          (select 'user' as side, k as tag_key, u.id, u.created_at from users u cross join lateral unnest(u.tag_keys) k
            where u.type = 'Developer' and u.review_status = 'approved'
           except select 'user', tag_key, user_id, created_at from user_tag_keys)
          union all
          (select 'user', tag_key, user_id, created_at from user_tag_keys
           except select 'user', k, u.id, u.created_at from users u cross join lateral unnest(u.tag_keys) k
            where u.type = 'Developer' and u.review_status = 'approved')
          union all
          (select 'project', k, p.id, p.created_at from projects p cross join lateral unnest(p.tag_keys) k
            where p.visibility = 'Public'
           except select 'project', tag_key, project_id, created_at from project_tag_keys)
          union all
          (select 'project', tag_key, project_id, created_at from project_tag_keys
           except select 'project', k, p.id, p.created_at from projects p cross join lateral unnest(p.tag_keys) k
            where p.visibility = 'Public')
        )`,
  );
}

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

    // Other profile edits leave the keys alone; removing every tag removes every row.
    expect((await call(t.app, 'POST', '/user', { token: me.token, body: { title: 'Engineer' } })).status).toBe(200);
    expect(await keysOfUser(me.user.id)).toEqual(['rust', 'solidity', 'vue']);
    expect((await call(t.app, 'POST', '/user', { token: me.token, body: { tags: [] } })).status).toBe(200);
    expect(await keysOfUser(me.user.id)).toEqual([]);

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
