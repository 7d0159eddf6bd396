import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';

/** A text[] literal of tag keys, one parameter each (keys may hold spaces, `+`, `#`). */
const keyArray = (keys: string[]): SQL =>
  sql`array[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;

export type TalentMatch = { id: string; matched: string[] };
export type ProjectMatch = { id: string; matched: string[] };

/**
 * DESIGN §17 matching, answered from the narrow side tables user_tag_keys and project_tag_keys
 * (migration 0014, kept by triggers): a tag's candidates and their matched-tag counts are an
 * index-only scan of their (tag_key, id) INCLUDE (created_at) primary keys, never a scan per
 * request and never a read of the wide user or project rows (docs/performance.md, "Matching").
 */
export const matchingRepo = {
  /**
   * Approved developers sharing a tag with the project, not its owner, members, invitees or
   * applicants; ranked by matched tags, then rating average, then completed paid tasks, then the
   * newest account (then id, so pages are stable). Exact: the count of the `limit`-th best is the
   * cut, and the whole tie group at the cut (everyone with at least that count) is ranked by the
   * remaining keys, so a developer with a better rating is never lost to an arbitrary cut.
   * Ratings and paid tasks are read only for that group.
   *
   * The rating and paid-task rules are the public user object's (users/reputation.repo.ts,
   * REPUTATION_RATINGS and REPUTATION_PAID): shown reviews (`visible_at <= now`) and distinct
   * tasks of completed Payment-In rows. A change of the reputation rule must be made here too.
   */
  async talentFor(
    exec: Executor,
    p: { projectId: string; ownerId: string; keys: string[]; limit: number; now: Date },
  ): Promise<TalentMatch[]> {
    if (p.keys.length === 0) return [];
    return queryRows<TalentMatch>(
      exec,
      sql`with cand as (
            select k.user_id as id, count(*) as n, array_agg(k.tag_key) as matched, min(k.created_at) as created_at
            from user_tag_keys k
            where k.tag_key = any(${keyArray(p.keys)}) and k.user_id <> ${p.ownerId}
              and k.user_id <> all(array(
                select m.user_id from project_members m where m.project_id = ${p.projectId}
                union all select i.user_id from invites i where i.project_id = ${p.projectId}
                union all select a.user_id from applications a where a.project_id = ${p.projectId}))
            group by k.user_id
          ), tie as materialized (
            select c.* from cand c
            where c.n >= (select coalesce(min(n), 0) from (select n from cand order by n desc limit ${p.limit}) s)
          )
          select t.id, t.matched from tie t
          left join lateral (
            select avg(r.rating) as avg from reviews r where r.reviewee_id = t.id and r.visible_at <= ${p.now}
          ) rv on true
          left join lateral (
            select count(distinct tx.task_id) as n from transactions tx
            where tx.user_id = t.id and tx.type = 'Payment-In' and tx.status = 'Complete' and tx.task_id is not null
          ) paid on true
          order by t.n desc, rv.avg desc nulls last, paid.n desc, t.created_at desc, t.id
          limit ${p.limit}`,
    );
  },

  /**
   * Public projects sharing a tag with the developer that they neither own, belong to nor
   * applied to; ranked by matched tags, then the newest. Everything the order needs is in
   * project_tag_keys (only public projects have rows there).
   */
  async projectsFor(exec: Executor, d: { userId: string; keys: string[]; limit: number }): Promise<ProjectMatch[]> {
    if (d.keys.length === 0) return [];
    return queryRows<ProjectMatch>(
      exec,
      sql`select k.project_id as id, array_agg(k.tag_key) as matched
          from project_tag_keys k
          where k.tag_key = any(${keyArray(d.keys)})
            and k.project_id <> all(array(
              select p.id from projects p where p.owner_id = ${d.userId}
              union all select m.project_id from project_members m where m.user_id = ${d.userId}
              union all select a.project_id from applications a where a.user_id = ${d.userId}))
          group by k.project_id
          order by count(*) desc, min(k.created_at) desc, k.project_id desc
          limit ${d.limit}`,
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
