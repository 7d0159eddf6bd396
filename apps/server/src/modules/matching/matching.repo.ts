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
 * DESIGN §17 matching, answered from the GIN indexes on the lower-cased tag keys
 * (users_dev_tag_keys_idx, projects_tag_keys_idx; migration 0012), never by a scan per request.
 */
export const matchingRepo = {
  /**
   * Approved developers sharing a tag with the project, not its owner, members, invitees or
   * applicants; ranked by matched tags, then rating average (shown, earned reviews, as the public
   * user object counts them: DESIGN §19's floor), then paid tasks (priced at least the floor; the
   * candidates are approved developers already), then the newest account. Ratings and paid tasks are
   * read only for candidates whose matched count reaches the page's cut (the count of the
   * `limit`-th best), so a broad tag costs one index read and array work, not a join per match.
   */
  async talentFor(
    exec: Executor,
    p: { projectId: string; ownerId: string; keys: string[]; limit: number; now: Date; floor: bigint },
  ): Promise<TalentMatch[]> {
    if (p.keys.length === 0) return [];
    // Nobody matches more than all the project's tags: when enough developers have them all
    // (GIN intersection of the keys' posting lists, few rows), they are the page, ranked the same
    // way; otherwise every developer sharing any tag is a candidate.
    if (p.keys.length > 1) {
      const all = await this.rankTalent(exec, p, sql`@>`);
      if (all.length >= p.limit) return all;
    }
    return this.rankTalent(exec, p, sql`&&`);
  },

  async rankTalent(
    exec: Executor,
    p: { projectId: string; ownerId: string; keys: string[]; limit: number; now: Date; floor: bigint },
    op: SQL,
  ): Promise<TalentMatch[]> {
    const keys = keyArray(p.keys);
    return queryRows<TalentMatch>(
      exec,
      sql`with cand as materialized (
            select u.id, u.created_at, array(select k from unnest(u.tag_keys) k where k = any(${keys})) as matched
            from users u
            where u.type = 'Developer' and u.review_status = 'approved' and u.tag_keys ${op} ${keys}
              and u.id <> ${p.ownerId}
              and u.id <> all(array(
                select m.user_id from project_members m where m.project_id = ${p.projectId}
                union all select i.user_id from invites i where i.project_id = ${p.projectId}
                union all select a.user_id from applications a where a.project_id = ${p.projectId}))
          ), cut as (
            select coalesce(min(n), 0) as n from (
              select cardinality(matched) as n from cand order by 1 desc limit ${p.limit}) s
          )
          select c.id, c.matched from cand c cross join cut
          left join lateral (
            select avg(r.rating) as avg from reviews r where r.reviewee_id = c.id and r.visible_at <= ${p.now}
              and exists (select 1 from tasks et join users ea on ea.id = et.assignee_id where et.id = r.task_id
                and et.price >= ${p.floor.toString()}::bigint and ea.type = 'Developer' and ea.review_status = 'approved')
          ) rv on true
          left join lateral (
            select count(distinct tx.task_id) as n from transactions tx
            where tx.user_id = c.id and tx.type = 'Payment-In' and tx.status = 'Complete' and tx.task_id is not null
              and exists (select 1 from tasks pt where pt.id = tx.task_id and pt.price >= ${p.floor.toString()}::bigint)
          ) paid on true
          where cardinality(c.matched) >= cut.n
          order by cardinality(c.matched) desc, rv.avg desc nulls last, paid.n desc, c.created_at desc, c.id
          limit ${p.limit}`,
    );
  },

  /**
   * Public projects sharing a tag with the developer that they neither own, belong to nor
   * applied to; ranked by matched tags, then the newest.
   */
  async projectsFor(exec: Executor, d: { userId: string; keys: string[]; limit: number }): Promise<ProjectMatch[]> {
    if (d.keys.length === 0) return [];
    const keys = keyArray(d.keys);
    return queryRows<ProjectMatch>(
      exec,
      sql`select id, matched from (
            select p.id, p.created_at, array(select k from unnest(p.tag_keys) k where k = any(${keys})) as matched
            from projects p
            where p.visibility = 'Public' and p.tag_keys && ${keys} and p.owner_id <> ${d.userId}
              and p.id <> all(array(
                select m.project_id from project_members m where m.user_id = ${d.userId}
                union all select a.project_id from applications a where a.user_id = ${d.userId}))
          ) s
          order by cardinality(matched) desc, created_at desc, id desc
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
