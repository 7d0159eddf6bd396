import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns';

/** Every e-mail the product sends, kept for staff when no SMTP server is configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
    error: text('error'),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** Durable jobs, claimed with FOR UPDATE SKIP LOCKED (DESIGN §4). */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: tstz('run_at').notNull().defaultNow(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: tstz('locked_at'),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt), uniqueIndex('jobs_dedupe_key').on(t.dedupeKey)],
);
