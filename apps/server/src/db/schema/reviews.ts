import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, micros, tstz } from './columns';
import { projects } from './projects';
import { tasks } from './tasks';
import { users } from './users';

/**
 * DESIGN §11: after a priced task is paid, its owner and its assignee each review the other once.
 * Double-blind: `visibleAt` starts at the end of the feedback window and is pulled to the moment
 * the second review arrives, so "shown" is simply `visible_at <= <the app clock, ctx.now()>` (no job has to flip it).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revieweeId: uuid('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whom the review is about: the developer (written by the owner) or the client (by the assignee). */
    subject: text('subject', { enum: ['developer', 'client'] }).notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    visibleAt: tstz('visible_at').notNull(),
    /**
     * The task's price and assignee, copied by the database (migration 0015: a trigger on insert,
     * and one on tasks when either changes), never written by the application. DESIGN §19's rule
     * (users/reputation.repo.ts `earnedReview`) reads them here, so ranking thousands of developers
     * by rating is an index-only scan of `reviews_reviewee_idx` (which INCLUDEs them and the
     * rating, in the SQL: drizzle cannot say INCLUDE) instead of a probe of tasks per review.
     */
    taskPrice: micros('task_price'),
    taskAssigneeId: uuid('task_assignee_id'),
  },
  (t) => [
    uniqueIndex('reviews_task_reviewer_key').on(t.taskId, t.reviewerId),
    index('reviews_reviewee_idx').on(t.revieweeId, t.visibleAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_not_self', sql`${t.reviewerId} <> ${t.revieweeId}`),
  ],
);
