import { getTableColumns, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, id, searchVector, tstz, tsvector } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    type: text('type', { enum: ['Client', 'Developer'] })
      .notNull()
      .default('Client'),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    tos: boolean('tos').notNull().default(false),
    emailVerifiedAt: tstz('email_verified_at'),
    /** Developers only: none → pending (links submitted) → approved | rejected. */
    reviewStatus: text('review_status', { enum: ['none', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('none'),
    isStaff: boolean('is_staff').notNull().default(false),
    username: text('username'),
    title: text('title'),
    description: text('description'),
    location: text('location'),
    timezone: text('timezone'),
    /** Open tags (DESIGN §19) in the spelling the developer gave. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The tags lower-cased, unique and sorted (tag_keys(), migration 0012): what search and matching compare. */
    tagKeys: text('tag_keys').array().notNull().generatedAlwaysAs(sql`tag_keys(tags)`),
    about: text('about'),
    profile: text('profile'),
    image: text('image'),
    github: text('github'),
    linkedin: text('linkedin'),
    cachedTasksCompleted: integer('cached_tasks_completed').notNull().default(0),
    featuredAt: tstz('featured_at'),
    /** DESIGN §19: when staff approved the developer with the three checks (the public "Verified on"). */
    verifiedAt: tstz('verified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      searchVector('first_name', 'last_name', 'username', 'title', 'about', 'description', 'location'),
    ),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_search_idx').using('gin', t.search),
    // Talent search by tag and matching (DESIGN §17): only approved developers are ever looked up by tag.
    index('users_dev_tag_keys_idx')
      .using('gin', t.tagKeys)
      .where(sql`${t.type} = 'Developer' and ${t.reviewStatus} = 'approved'`),
    // The talent page's location filter: words of the place, matched as prefixes.
    index('users_location_idx').using('gin', sql`to_tsvector('simple', coalesce(${t.location}, ''))`),
    index('users_talent_idx').on(t.type, t.reviewStatus, t.createdAt),
    // The talent pages' order (featured first, then newest), walked with the search filters.
    index('users_talent_order_idx')
      .on(sql`${t.featuredAt} desc nulls last`, sql`${t.createdAt} desc`, t.id)
      .where(sql`${t.type} = 'Developer' and ${t.reviewStatus} = 'approved'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    /** Moved forward by the request lookup at most once a minute (plugins/auth.ts). */
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    /** The browser's User-Agent at sign-in (cut to 500 characters) and its address. */
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** E-mail verification: a 6-digit code and a long link token, both stored hashed. */
export const emailVerifications = pgTable('email_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  linkTokenHash: text('link_token_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: tstz('expires_at').notNull(),
  sentAt: tstz('sent_at').notNull(),
});

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash)],
);

/** Failed logins, for the per-account limits of DESIGN §4. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: id(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_failures_account_idx').on(t.accountKey, t.createdAt)],
);

// A user as the application reads one: every column but the full-text vector, which only
// queries filter on and which would otherwise travel with every row (docs/performance.md).
const { search: _userSearch, tagKeys: _userTagKeys, ...userColumnsWithoutSearch } = getTableColumns(users);
export const userColumns = userColumnsWithoutSearch;
export type UserRow = Omit<typeof users.$inferSelect, 'search' | 'tagKeys'>;

/**
 * DESIGN §19: the record of a developer's vetting: who approved (null for the CLI), when, the three
 * checks (identity, skills, experience, each required true) and an optional note.
 */
export const developerApprovals = pgTable(
  'developer_approvals',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    identity: boolean('identity').notNull(),
    skills: boolean('skills').notNull(),
    experience: boolean('experience').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('developer_approvals_user_idx').on(t.userId, t.createdAt)],
);
