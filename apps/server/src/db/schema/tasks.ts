import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, id, micros, tstz } from './columns';
import { projects } from './projects';
import { users } from './users';

import { TASK_STAGES } from '@devmarket/contract';

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    identifier: text('identifier').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull().default(''),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    assigneeId: uuid('assignee_id').references(() => users.id),
    price: micros('price'),
    dueDate: tstz('due_date'),
    stage: text('stage', { enum: TASK_STAGES }).notNull().default('Unassigned'),
    /** Fractional order key inside a column. */
    position: text('position').notNull().default('a0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: tstz('completed_at'),
    /** Set on entering Review: when the review window ends and the task auto-releases (DESIGN §8). */
    reviewDeadline: tstz('review_deadline'),
  },
  (t) => [
    uniqueIndex('tasks_identifier_key').on(t.identifier),
    index('tasks_project_idx').on(t.projectId, t.stage, t.position),
    index('tasks_assignee_idx').on(t.assigneeId),
    // A project's open budget (listing cards, sort by budget): its unassigned priced tasks.
    index('tasks_open_priced_idx')
      .on(t.projectId, t.price)
      .where(sql`${t.stage} = 'Unassigned' and ${t.price} is not null`),
  ],
);

export const files = pgTable(
  'files',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_task_idx').on(t.taskId, t.createdAt)],
);

/** Comments on a task (the specification's Activity), and the steps the system records (DESIGN §8). */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Who wrote it or whose act it records; null for the system's own acts (an auto-release). */
    userId: uuid('user_id').references(() => users.id),
    kind: text('kind', { enum: ['comment', 'system'] })
      .notNull()
      .default('comment'),
    text: text('text').notNull(),
    createdAt: createdAt(),
    /**
     * Insertion order. Two steps written in one transaction can share created_at (PGlite's clock
     * ticks in milliseconds), and the newest-first list must still show the later one on top.
     */
    seq: bigint('seq', { mode: 'bigint' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('activities_task_idx').on(t.taskId, t.createdAt)],
);

/** A dispute over an assigned, priced task: its hold is frozen until staff resolve it (DESIGN §8). */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'restrict' }),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id),
    /** The assignee when the dispute was opened (a refund clears the task's assignee). */
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['Open', 'Resolved'] })
      .notNull()
      .default('Open'),
    outcome: text('outcome', { enum: ['release', 'refund', 'split'] }),
    /** The assignee's share (release: the price, refund: 0, split: the amount staff chose). */
    amount: micros('amount'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    createdAt: createdAt(),
    resolvedAt: tstz('resolved_at'),
  },
  (t) => [
    // At most one open dispute per task, decided by the database under concurrency.
    uniqueIndex('disputes_one_open_key').on(t.taskId).where(sql`${t.status} = 'Open'`),
    index('disputes_status_idx').on(t.status, t.createdAt),
    index('disputes_task_idx').on(t.taskId, t.createdAt),
  ],
);
