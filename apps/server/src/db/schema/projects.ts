import { getTableColumns, sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, id, micros, searchVector, tstz, tsvector } from './columns';
import { users } from './users';

export const projects = pgTable(
  'projects',
  {
    id: id(),
    handle: text('handle').notNull(),
    /** Prefix of task identifiers, e.g. ACME in ACME-12. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    description: text('description').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    image: text('image'),
    /** Comma-separated, as the specification's Project.tags, in the spelling people gave (open tags, DESIGN §19). */
    tags: text('tags').notNull().default(''),
    /** The tags lower-cased, unique and sorted (tag_keys(), migration 0012): what filters and matching compare. */
    tagKeys: text('tag_keys').array().notNull().generatedAlwaysAs(sql`tag_keys(string_to_array(tags, ','))`),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visibility: text('visibility', { enum: ['Public', 'Private'] })
      .notNull()
      .default('Public'),
    verifiedAt: tstz('verified_at'),
    featuredAt: tstz('featured_at'),
    cachedTotalSpent: micros('cached_total_spent').notNull().default(sql`0`),
    cachedTotalReviews: integer('cached_total_reviews').notNull().default(0),
    /** Last task number handed out; bumped with UPDATE … RETURNING so identifiers never collide. */
    taskSeq: integer('task_seq').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(searchVector('name', 'company', 'description', 'tags')),
  },
  (t) => [
    uniqueIndex('projects_handle_key').on(t.handle),
    index('projects_owner_idx').on(t.ownerId),
    index('projects_public_idx').on(t.visibility, t.createdAt),
    index('projects_featured_idx').on(t.featuredAt),
    index('projects_verified_idx').on(t.verifiedAt),
    index('projects_search_idx').using('gin', t.search),
    // Task identifiers (KEY-12) are unique across projects, so keys are too.
    uniqueIndex('projects_key_key').on(t.key),
    // The tag filters of /projects and the matching of DESIGN §17: lower-cased keys, as an array.
    index('projects_tag_keys_idx').using('gin', t.tagKeys),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['Owner', 'Admin'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export const invites = pgTable(
  'invites',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id'),
    createdAt: createdAt(),
    acceptedAt: tstz('accepted_at'),
  },
  (t) => [uniqueIndex('invites_project_user_key').on(t.projectId, t.userId), index('invites_user_idx').on(t.userId)],
);

export const applications = pgTable(
  'applications',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status', { enum: ['pending', 'added', 'ignored'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('applications_project_user_key').on(t.projectId, t.userId),
    index('applications_project_status_idx').on(t.projectId, t.status, t.createdAt),
    // "Projects for you" leaves out what the developer applied to (DESIGN §17).
    index('applications_user_idx').on(t.userId),
  ],
);

// A project as the application reads one: every column but the full-text vector (see userColumns).
const { search: _projectSearch, tagKeys: _projectTagKeys, ...projectColumnsWithoutSearch } = getTableColumns(projects);
export const projectColumns = projectColumnsWithoutSearch;
export type ProjectRow = Omit<typeof projects.$inferSelect, 'search' | 'tagKeys'>;
