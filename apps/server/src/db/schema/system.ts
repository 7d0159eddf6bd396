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
    /** Extra headers sent with the mail, e.g. List-Unsubscribe on notification mails. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
    /** The last delivery error (kept after a later success is not needed: it is cleared then). */
    error: text('error'),
    /** queued → sent, or logged (no SMTP server), or dead after the last retry (DESIGN §9). */
    status: text('status', { enum: ['queued', 'sent', 'logged', 'dead'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
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
