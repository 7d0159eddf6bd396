import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * DESIGN §17 matching, narrow side tables (migration 0014): one row per (tag key, approved
 * developer), so a tag's candidates and their matched-tag counts come from an index-only scan of
 * the primary key (which INCLUDEs created_at, the last ranking key, in the SQL: drizzle cannot
 * say INCLUDE) instead of the wide user rows. Kept true by the database, not the application:
 * triggers on users (insert, and updates of tags, type, review_status, created_at) rewrite a
 * user's rows, so every write path (profile edits, sign-up, approval, seeds, seed-scale's bulk
 * SQL) keeps them; a deleted user's rows go by the foreign key. Never written by the application.
 */
export const userTagKeys = pgTable(
  'user_tag_keys',
  {
    tagKey: text('tag_key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's created_at (the "newest account" key), copied so ranking never reads users. */
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagKey, t.userId] }), index('user_tag_keys_user_idx').on(t.userId)],
);

/** The same for public projects: (tag key, project), kept by triggers on projects (tags, visibility, created_at). */
export const projectTagKeys = pgTable(
  'project_tag_keys',
  {
    tagKey: text('tag_key').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagKey, t.projectId] }), index('project_tag_keys_project_idx').on(t.projectId)],
);

/**
 * Every pair of an approved developer's keys (tag_key_a < tag_key_b, as the database compares
 * them), kept by the same triggers: those sharing two or more of a project's tags are the
 * union of its pairs' rows, a few hundred where one common tag alone has thousands.
 */
export const userTagPairs = pgTable(
  'user_tag_pairs',
  {
    tagKeyA: text('tag_key_a').notNull(),
    tagKeyB: text('tag_key_b').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagKeyA, t.tagKeyB, t.userId] }), index('user_tag_pairs_user_idx').on(t.userId)],
);

/** The same for public projects. */
export const projectTagPairs = pgTable(
  'project_tag_pairs',
  {
    tagKeyA: text('tag_key_a').notNull(),
    tagKeyB: text('tag_key_b').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tagKeyA, t.tagKeyB, t.projectId] }),
    index('project_tag_pairs_project_idx').on(t.projectId),
  ],
);
