import type { Executor } from '../../db/client';
import { idArray, statement, statementRows } from '../../db/raw';

export type UserReputation = {
  rating: { average: number | null; count: number };
  /** Tasks the user was paid for: their completed Payment-In rows. */
  paidTasks: number;
  endorsements: { tag: string; count: number }[];
};

/**
 * A page of developers' reputation (talent cards, profiles): ratings, endorsements, paid tasks.
 * One array parameter each, prepared by name; the review filter is `shown` written out.
 */
export const REPUTATION_RATINGS = statement(
  'reputation_ratings',
  `select r.reviewee_id as id, avg(r.rating)::text as avg, count(*)::int as n
    from reviews r where r.reviewee_id = any($1::uuid[]) and r.visible_at <= now() group by r.reviewee_id`,
);
export const REPUTATION_TAGS = statement(
  'reputation_tags',
  `select r.reviewee_id as id, tag, count(*)::int as n
    from reviews r cross join lateral unnest(r.tags) as tag
    where r.reviewee_id = any($1::uuid[]) and r.visible_at <= now()
    group by r.reviewee_id, tag order by n desc, tag`,
);
export const REPUTATION_PAID = statement(
  'reputation_paid',
  `select tx.user_id as id, count(distinct tx.task_id)::int as n from transactions tx
    where tx.user_id = any($1::uuid[]) and tx.type = 'Payment-In' and tx.status = 'Complete'
      and tx.task_id is not null
    group by tx.user_id`,
);

const oneDecimal = (avg: string | number | null) => (avg === null ? null : Math.round(Number(avg) * 10) / 10);

/**
 * A user's reputation as their public profile shows it. It reads the reviews and transactions
 * tables itself (DESIGN §1: a lower module's repo reads the tables it needs, never an upward import).
 */
export const reputationRepo = {
  /** Rating and endorsements of each user from their shown reviews (users without any get zeros). */
  async reputationOf(exec: Executor, userIds: string[]): Promise<Map<string, UserReputation>> {
    const out = new Map<string, UserReputation>();
    for (const id of userIds) out.set(id, { rating: { average: null, count: 0 }, paidTasks: 0, endorsements: [] });
    if (!userIds.length) return out;
    const ids = [idArray(userIds)];
    const ratings = await statementRows<{ id: string; avg: string; n: number }>(exec, REPUTATION_RATINGS, ids);
    for (const r of ratings) {
      const rep = out.get(r.id);
      if (rep) rep.rating = { average: oneDecimal(r.avg), count: r.n };
    }
    const tags = await statementRows<{ id: string; tag: string; n: number }>(exec, REPUTATION_TAGS, ids);
    for (const t of tags) out.get(t.id)?.endorsements.push({ tag: t.tag, count: t.n });
    const paid = await statementRows<{ id: string; n: number }>(exec, REPUTATION_PAID, ids);
    for (const p of paid) {
      const rep = out.get(p.id);
      if (rep) rep.paidTasks = p.n;
    }
    return out;
  },
};
