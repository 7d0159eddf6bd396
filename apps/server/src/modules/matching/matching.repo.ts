import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { earnedReviewOfApprovedSql } from '../users';

/** A text[] literal of tag keys, one parameter each (keys may hold spaces, `+`, `#`). */
const keyArray = (keys: string[]): SQL =>
  sql`array[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;

export type TalentMatch = { id: string; matched: string[] };
export type ProjectMatch = { id: string; matched: string[] };

/** The pairs (a < b, as the database orders text) of a list of keys, as rows (a, b). */
const keyPairs = (keys: SQL): SQL => sql`(select a, b from unnest(${keys}) a cross join unnest(${keys}) b where a < b)`;

type Side = 'pairs' | 'keys';

/**
 * Candidates sharing tags with `keys`, one row each with `n` and `created_at`: from the pair table
 * (`n` = shared pairs, only those sharing two or more tags; C(m, 2) grows with the m shared tags,
 * so it orders them as m does) or the key table (`n` = shared tags, everyone sharing one).
 */
function candidates(side: Side, table: 'user' | 'project', keys: SQL, exclude: SQL): SQL {
  const id = sql.raw(table === 'user' ? 'user_id' : 'project_id');
  if (side === 'pairs') {
    const pairs = sql.raw(table === 'user' ? 'user_tag_pairs' : 'project_tag_pairs');
    return sql`select k.${id} as id, count(*) as n, min(k.created_at) as created_at
      from ${pairs} k join ${keyPairs(keys)} q on k.tag_key_a = q.a and k.tag_key_b = q.b
      where k.${id} <> all(${exclude})
      group by k.${id}`;
  }
  const single = sql.raw(table === 'user' ? 'user_tag_keys' : 'project_tag_keys');
  return sql`select k.${id} as id, count(*) as n, min(k.created_at) as created_at
    from ${single} k where k.tag_key = any(${keys}) and k.${id} <> all(${exclude})
    group by k.${id}`;
}

/**
 * DESIGN §17 matching, answered from the narrow side tables of migration 0014 (kept by triggers):
 * user_tag_keys / project_tag_keys, one row per (tag key, id) with created_at INCLUDEd in the
 * primary key, and user_tag_pairs / project_tag_pairs, one row per pair of keys. Candidates and
 * their shared-tag counts are index-only scans, never a scan per request and never a read of the
 * wide user or project rows (docs/performance.md, "Matching").
 *
 * With two or more keys, those sharing two or more tags come first (the pair tables: a few hundred
 * rows where one common tag has thousands); when they fill the page they are the page, ranked the
 * same way, which is exact because everyone sharing one tag ranks below them. Otherwise (one key,
 * or fewer such candidates than the limit) everyone sharing a tag is counted from the key tables.
 */
export const matchingRepo = {
  /**
   * Approved developers sharing a tag with the project, not its owner, members, invitees or
   * applicants; ranked by matched tags, then rating average (shown, earned reviews, as the public
   * user object counts them: DESIGN §19's floor), then completed paid tasks (priced at least the
   * floor), then the newest account (then id, so pages are stable).
   */
  async talentFor(
    exec: Executor,
    p: { projectId: string; ownerId: string; keys: string[]; limit: number; now: Date; floor: bigint },
  ): Promise<TalentMatch[]> {
    if (p.keys.length === 0) return [];
    if (p.keys.length > 1) {
      const rows = await this.rankTalent(exec, p, 'pairs');
      if (rows.length >= p.limit) return rows;
    }
    return this.rankTalent(exec, p, 'keys');
  },

  /**
   * Exact: the count of the `limit`-th best is the cut, and the whole tie group at the cut
   * (everyone with at least that count) is ranked by the remaining keys, so a better-rated
   * developer is never lost to an arbitrary cut. Ratings and paid tasks are read only for that group,
   * in one pass each (an index scan over the whole group's ids, not a probe per developer: half the
   * time for a one-tag project's group of thousands).
   *
   * The rating and paid-task rules are the public user object's (users/reputation.repo.ts):
   * shown reviews (`visible_at <= now`) of earned work (DESIGN §19: a task priced at least the
   * floor, assigned to an approved Developer) and distinct tasks of at least the floor among
   * completed Payment-In rows. Reviews are read through `earnedReviewOfApprovedSql`, whose
   * shortcut holds because every candidate here is an approved developer (only they have rows in
   * user_tag_keys); the paid-task count is written here, so a change of that rule must be made
   * here too.
   */
  async rankTalent(
    exec: Executor,
    p: { projectId: string; ownerId: string; keys: string[]; limit: number; now: Date; floor: bigint },
    side: Side,
  ): Promise<TalentMatch[]> {
    const keys = keyArray(p.keys);
    const exclude = sql`array(
      select ${p.ownerId}::uuid
      union all select m.user_id from project_members m where m.project_id = ${p.projectId}
      union all select i.user_id from invites i where i.project_id = ${p.projectId}
      union all select a.user_id from applications a where a.project_id = ${p.projectId})`;
    return queryRows<TalentMatch>(
      exec,
      sql`with cand as (${candidates(side, 'user', keys, exclude)}
          ), tie as materialized (
            select c.* from cand c
            where c.n >= (select coalesce(min(n), 0) from (select n from cand order by n desc limit ${p.limit}) s)
          ), top as materialized (
            select t.id, t.n, rv.avg, coalesce(paid.n, 0) as paid, t.created_at
            from tie t
            left join (
              select r.reviewee_id as id, avg(r.rating) as avg from reviews r
              where r.reviewee_id = any(array(select id from tie)) and r.visible_at <= ${p.now}
                and ${earnedReviewOfApprovedSql(p.floor)}
              group by r.reviewee_id
            ) rv on rv.id = t.id
            left join (
              select tx.user_id as id, count(distinct tx.task_id) as n from transactions tx
              where tx.user_id = any(array(select id from tie)) and tx.type = 'Payment-In' and tx.status = 'Complete'
                and tx.task_id is not null
                and exists (select 1 from tasks pt where pt.id = tx.task_id and pt.price >= ${p.floor.toString()}::bigint)
              group by tx.user_id
            ) paid on paid.id = t.id
            order by t.n desc, rv.avg desc nulls last, coalesce(paid.n, 0) desc, t.created_at desc, t.id
            limit ${p.limit}
          )
          select top.id, array(select m.tag_key from user_tag_keys m where m.user_id = top.id and m.tag_key = any(${keys})) as matched
          from top order by top.n desc, top.avg desc nulls last, top.paid desc, top.created_at desc, top.id`,
    );
  },

  /**
   * Public projects sharing a tag with the developer that they neither own, belong to nor
   * applied to; ranked by matched tags, then the newest. Everything the order needs is in the
   * side tables (only public projects have rows there).
   */
  async projectsFor(exec: Executor, d: { userId: string; keys: string[]; limit: number }): Promise<ProjectMatch[]> {
    if (d.keys.length === 0) return [];
    if (d.keys.length > 1) {
      const rows = await this.rankProjects(exec, d, 'pairs');
      if (rows.length >= d.limit) return rows;
    }
    return this.rankProjects(exec, d, 'keys');
  },

  async rankProjects(
    exec: Executor,
    d: { userId: string; keys: string[]; limit: number },
    side: Side,
  ): Promise<ProjectMatch[]> {
    const keys = keyArray(d.keys);
    const exclude = sql`array(
      select p.id from projects p where p.owner_id = ${d.userId}
      union all select m.project_id from project_members m where m.user_id = ${d.userId}
      union all select a.project_id from applications a where a.user_id = ${d.userId})`;
    return queryRows<ProjectMatch>(
      exec,
      sql`with top as materialized (
            select c.id, c.n, c.created_at from (${candidates(side, 'project', keys, exclude)}) c
            order by c.n desc, c.created_at desc, c.id desc
            limit ${d.limit}
          )
          select top.id,
            array(select m.tag_key from project_tag_keys m where m.project_id = top.id and m.tag_key = any(${keys})) as matched
          from top order by top.n desc, top.created_at desc, top.id desc`,
    );
  },

  /** Which of these users were told of a matching project since `since` (the daily cap). */
  async matchedSince(exec: Executor, userIds: string[], since: Date): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await queryRows<{ user_id: string }>(
      exec,
      sql`select distinct n.user_id from notifications n
          where n.user_id in (${sql.join(
            userIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and n.type = 'project.matched' and n.created_at > ${since.toISOString()}::timestamptz`,
    );
    return new Set(rows.map((r) => r.user_id));
  },
};
