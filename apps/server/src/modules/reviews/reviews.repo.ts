import type { Review } from '@devmarket/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { idArray, statement, statementRows } from '../../db/raw';
import { isoTimestamp, queryRows } from '../../db/rows';
import { reviews } from '../../db/schema/index';
import { earnedReview, earnedReviewSql } from '../users';

/** A task as reviewing sees it: its two parties, its project and when it was paid. */
export type ReviewableTask = {
  id: string;
  projectId: string;
  ownerId: string;
  assigneeId: string | null;
  projectTags: string;
  /** When the assignee was paid for it (any paying path), null while unpaid. */
  paidAt: Date | null;
  /** Its price in micro-USDT (terms are locked once assigned, so this is what was paid). */
  price: bigint | null;
  /** The assignee is an approved developer (DESIGN §19: only their paid work earns reputation). */
  assigneeApproved: boolean;
};

export type ClientStandingRow = {
  rating: { average: number | null; count: number };
  totalSpent: bigint;
  hires: number;
  location: string | null;
};

/**
 * Shown reviews (DESIGN §11 double-blind): both exist, or the feedback window has passed. `now` is
 * the application's clock (ctx.now()), not the database's, so tests advance it.
 */
const shownAt = (now: Date) => sql`r.visible_at <= ${now}`;

/**
 * A client's standing on listing cards and the details page, for a page of owners at once (one
 * array parameter, prepared by name: every listing and search runs it). Its review filter is
 * `shownAt` written out ($2: the application's clock) and `earnedReview` ($3: the floor). Hires,
 * like a developer's paid tasks, count only tasks priced at least the floor and paid to an
 * approved developer; total spent is every payment (money is exact, not a reputation).
 */
export const CLIENT_STANDINGS = statement(
  'client_standings',
  `select u.id, u.location, rv.avg, coalesce(rv.n, 0)::int as n,
      coalesce(pay.spent, 0)::text as spent, coalesce(pay.hires, 0)::int as hires
    from users u
    left join lateral (
      select avg(r.rating)::text as avg, count(*) as n from reviews r
      where r.reviewee_id = u.id and r.subject = 'client' and r.visible_at <= $2::timestamptz
        and ${earnedReview('$3')}
    ) rv on true
    left join lateral (
      select sum(tx.amount) as spent,
        count(distinct tx.task_id) filter (where exists (
          select 1 from tasks ht join users ha on ha.id = ht.assignee_id
          where ht.id = tx.task_id and ht.price >= $3::bigint
            and ha.type = 'Developer' and ha.review_status = 'approved')) as hires
      from transactions tx
      where tx.user_id = u.id and tx.type = 'Payment-Out' and tx.status = 'Complete'
    ) pay on true
    where u.id = any($1::uuid[])`,
);

/**
 * When a task was paid: its first completed Payment-In to the assignee. Every paying path
 * (completion, auto-release, a dispute's release or split) writes one, so this is the one
 * predicate of "paid" that reviews rely on.
 */
const paidAtOf = (taskAlias: string) =>
  sql.raw(`(select min(tx.completed_at) from transactions tx
     where tx.task_id = ${taskAlias}.id and tx.type = 'Payment-In' and tx.status = 'Complete'
       and tx.user_id = ${taskAlias}.assignee_id)`);

type ReviewableRow = {
  id: string;
  project_id: string;
  owner_id: string;
  assignee_id: string | null;
  tags: string;
  paid_at: string | Date | null;
  price: string | null;
  assignee_approved: boolean | null;
};

const reviewableSelect = sql`select t.id, t.project_id, p.owner_id, t.assignee_id, p.tags, ${paidAtOf('t')} as paid_at,
    t.price::text as price,
    (select a.type = 'Developer' and a.review_status = 'approved' from users a where a.id = t.assignee_id)
      as assignee_approved
  from tasks t join projects p on p.id = t.project_id`;

type ReviewRow = {
  id: string;
  rating: number;
  text: string;
  tags: string[];
  first_name: string;
  last_name: string;
  username: string | null;
  project_name: string;
  project_handle: string;
  created_at: string;
};

const reviewSelect = sql`select r.id, r.rating, r.text, r.tags, u.first_name, u.last_name, u.username,
    p.name as project_name, p.handle as project_handle, ${isoTimestamp(sql`r.created_at`)} as created_at
  from reviews r join users u on u.id = r.reviewer_id join projects p on p.id = r.project_id`;

const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  rating: r.rating,
  text: r.text,
  tags: r.tags,
  reviewer: { firstName: r.first_name, lastName: r.last_name, username: r.username },
  project: { name: r.project_name, handle: r.project_handle },
  createdAt: r.created_at,
});

/** One decimal, as the API promises (4.666… → 4.7). */
const oneDecimal = (avg: string | number | null) => (avg === null ? null : Math.round(Number(avg) * 10) / 10);

export const reviewsRepo = {
  /** Locks the task (after its project) so two reviews of one task are decided one after the other. */
  async lockReviewableTask(tx: Tx, taskId: string): Promise<ReviewableTask | null> {
    // DESIGN §8 lock order: the project row first, then the task.
    await tx.execute(
      sql`select p.id from projects p join tasks t on t.project_id = p.id where t.id = ${taskId} for update of p`,
    );
    const [row] = await queryRows<ReviewableRow>(tx, sql`${reviewableSelect} where t.id = ${taskId} for update of t`);
    return row ? toReviewable(row) : null;
  },

  async findReviewableTask(exec: Executor, taskId: string): Promise<ReviewableTask | null> {
    const [row] = await queryRows<ReviewableRow>(exec, sql`${reviewableSelect} where t.id = ${taskId}`);
    return row ? toReviewable(row) : null;
  },

  /** The reviews of a task, keyed by who wrote them. */
  async forTask(exec: Executor, taskId: string) {
    return exec
      .select({ id: reviews.id, reviewerId: reviews.reviewerId, visibleAt: reviews.visibleAt })
      .from(reviews)
      .where(eq(reviews.taskId, taskId));
  },

  async insert(tx: Tx, row: Omit<typeof reviews.$inferInsert, 'id' | 'createdAt'>): Promise<{ id: string } | null> {
    const [r] = await tx
      .insert(reviews)
      .values(row)
      .onConflictDoNothing({ target: [reviews.taskId, reviews.reviewerId] })
      .returning({ id: reviews.id });
    return r ?? null;
  },

  /** The second review of a task arrived: both are shown from now on. */
  async revealTask(tx: Tx, taskId: string, now: Date): Promise<void> {
    await tx
      .update(reviews)
      .set({ visibleAt: sql`least(${reviews.visibleAt}, ${now}::timestamptz)` })
      .where(eq(reviews.taskId, taskId));
  },

  async findById(exec: Executor, id: string): Promise<Review | null> {
    const [row] = await queryRows<ReviewRow>(exec, sql`${reviewSelect} where r.id = ${id}`);
    return row ? toReview(row) : null;
  },

  /** A task's review written by `reviewerId`; `onlyShown` hides it until it is revealed. */
  async findForTask(exec: Executor, taskId: string, reviewerId: string, onlyShownAt: Date | null) {
    const [row] = await queryRows<ReviewRow>(
      exec,
      sql`${reviewSelect} where r.task_id = ${taskId} and r.reviewer_id = ${reviewerId}
          ${onlyShownAt ? sql`and ${shownAt(onlyShownAt)}` : sql``}`,
    );
    return row ? toReview(row) : null;
  },

  /** A user's shown reviews that count (DESIGN §19, as their rating does), newest first, at most `limit`. */
  async shownOf(exec: Executor, userId: string, limit: number, now: Date, floor: bigint): Promise<Review[]> {
    const rows = await queryRows<ReviewRow>(
      exec,
      sql`${reviewSelect} where r.reviewee_id = ${userId} and ${shownAt(now)}
          and ${earnedReviewSql(floor)}
          order by r.created_at desc, r.id desc limit ${limit}`,
    );
    return rows.map(toReview);
  },

  /**
   * Clients' standing, batched per page of cards: rating from developers' shown reviews, spend
   * and hires (paid tasks) from their Payment-Out rows, and location.
   */
  async clientStandings(
    exec: Executor,
    ownerIds: string[],
    now: Date,
    floor: bigint,
  ): Promise<Map<string, ClientStandingRow>> {
    const out = new Map<string, ClientStandingRow>();
    const unique = [...new Set(ownerIds)];
    if (!unique.length) return out;
    const rows = await statementRows<{
      id: string;
      location: string | null;
      avg: string | null;
      n: number;
      spent: string;
      hires: number;
    }>(exec, CLIENT_STANDINGS, [idArray(unique), now.toISOString(), floor.toString()]);
    for (const r of rows) {
      out.set(r.id, {
        rating: { average: oneDecimal(r.avg), count: r.n },
        totalSpent: BigInt(r.spent),
        hires: r.hires,
        location: r.location,
      });
    }
    return out;
  },
};

function toReviewable(row: ReviewableRow): ReviewableTask {
  return {
    id: row.id,
    projectId: row.project_id,
    ownerId: row.owner_id,
    assigneeId: row.assignee_id,
    projectTags: row.tags,
    paidAt: row.paid_at === null ? null : new Date(row.paid_at),
    price: row.price === null ? null : BigInt(row.price),
    assigneeApproved: row.assignee_approved === true,
  };
}
