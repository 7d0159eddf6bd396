import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idArray, statement, statementRows } from '../../db/raw';

export type UserReputation = {
  rating: { average: number | null; count: number };
  /** Tasks the user was paid for: their completed Payment-In rows. */
  paidTasks: number;
  endorsements: { tag: string; count: number }[];
};

/**
 * DESIGN §19, reputation is earned from real work: a review counts only when its task is priced at
 * least MIN_REPUTATION_PRICE (the parameter named, micro-USDT) and its assignee is an approved
 * developer. Reviews of other tasks are refused when written; this also leaves out any written
 * before the rule. Shared with reviews.repo (client standings, review lists) as text.
 *
 * The task's price and assignee are read from the review's own copy (`task_price`,
 * `task_assignee_id`: migration 0015, kept by the database whenever the task changes), so the
 * rule costs one users probe per review, not a tasks probe as well.
 */
export const earnedReview = (floorParam: string) =>
  `(r.task_price >= ${floorParam}::bigint and exists (select 1 from users ea
      where ea.id = r.task_assignee_id and ea.type = 'Developer' and ea.review_status = 'approved'))`;

/** `earnedReview` for drizzle queries: the floor is a bigint, so its digits are safe to inline. */
export const earnedReviewSql = (floor: bigint): SQL => sql.raw(earnedReview(BigInt(floor).toString()));

/**
 * `earnedReview` where the reviewee is known to be an approved developer (matching ranks only
 * those): when the task's assignee is the reviewee, the users probe would only say again what is
 * known, so the rule is answered from the covering index `reviews_reviewee_idx` alone. The same
 * rule, not a looser one: a review whose assignee is someone else still goes through the probe.
 */
export const earnedReviewOfApprovedSql = (floor: bigint): SQL => {
  const f = BigInt(floor).toString();
  return sql.raw(`(r.task_price >= ${f}::bigint and (r.task_assignee_id = r.reviewee_id or exists (select 1 from users ea
      where ea.id = r.task_assignee_id and ea.type = 'Developer' and ea.review_status = 'approved')))`);
};

/**
 * A page of developers' reputation (talent cards, profiles): ratings, endorsements, paid tasks.
 * One array parameter each, prepared by name; the review filter is `shown` written out, its time
 * the application's clock ($2), and `earnedReview` with the floor ($3).
 */
export const REPUTATION_RATINGS = statement(
  'reputation_ratings',
  `select r.reviewee_id as id, avg(r.rating)::text as avg, count(*)::int as n
    from reviews r where r.reviewee_id = any($1::uuid[]) and r.visible_at <= $2::timestamptz
      and ${earnedReview('$3')}
    group by r.reviewee_id`,
);
export const REPUTATION_TAGS = statement(
  'reputation_tags',
  `select r.reviewee_id as id, tag, count(*)::int as n
    from reviews r cross join lateral unnest(r.tags) as tag
    where r.reviewee_id = any($1::uuid[]) and r.visible_at <= $2::timestamptz and ${earnedReview('$3')}
    group by r.reviewee_id, tag order by n desc, tag`,
);
/** Completed paid tasks: only an approved developer's, of tasks priced at least the floor ($2). */
export const REPUTATION_PAID = statement(
  'reputation_paid',
  `select tx.user_id as id, count(distinct tx.task_id)::int as n from transactions tx
    join tasks t on t.id = tx.task_id join users u on u.id = tx.user_id
    where tx.user_id = any($1::uuid[]) and tx.type = 'Payment-In' and tx.status = 'Complete'
      and t.price >= $2::bigint and u.type = 'Developer' and u.review_status = 'approved'
    group by tx.user_id`,
);

const oneDecimal = (avg: string | number | null) => (avg === null ? null : Math.round(Number(avg) * 10) / 10);

/**
 * A user's reputation as their public profile shows it. It reads the reviews and transactions
 * tables itself (DESIGN §1: a lower module's repo reads the tables it needs, never an upward import).
 */
export const reputationRepo = {
  /**
   * Rating and endorsements of each user from their shown, earned reviews, and their paid tasks
   * (users without any get zeros). `floor` is MIN_REPUTATION_PRICE in micro-USDT.
   */
  async reputationOf(
    exec: Executor,
    userIds: string[],
    now: Date,
    floor: bigint,
  ): Promise<Map<string, UserReputation>> {
    const out = new Map<string, UserReputation>();
    for (const id of userIds) out.set(id, { rating: { average: null, count: 0 }, paidTasks: 0, endorsements: [] });
    if (!userIds.length) return out;
    const ids = idArray(userIds);
    const shown = [ids, now.toISOString(), floor.toString()];
    const ratings = await statementRows<{ id: string; avg: string; n: number }>(exec, REPUTATION_RATINGS, shown);
    for (const r of ratings) {
      const rep = out.get(r.id);
      if (rep) rep.rating = { average: oneDecimal(r.avg), count: r.n };
    }
    const tags = await statementRows<{ id: string; tag: string; n: number }>(exec, REPUTATION_TAGS, shown);
    for (const t of tags) out.get(t.id)?.endorsements.push({ tag: t.tag, count: t.n });
    const paid = await statementRows<{ id: string; n: number }>(exec, REPUTATION_PAID, [ids, floor.toString()]);
    for (const p of paid) {
      const rep = out.get(p.id);
      if (rep) rep.paidTasks = p.n;
    }
    return out;
  },
};
