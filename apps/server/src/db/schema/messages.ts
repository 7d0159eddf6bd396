import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns';
import { projects } from './projects';
import { users } from './users';

/** A conversation between two users; user1_id < user2_id so each pair has one thread. */
export const threads = pgTable(
  'threads',
  {
    id: id(),
    user1Id: uuid('user1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user2Id: uuid('user2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessage: text('last_message'),
    lastMessageAt: tstz('last_message_at'),
    user1ReadAt: tstz('user1_read_at'),
    user2ReadAt: tstz('user2_read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('threads_pair_key').on(t.user1Id, t.user2Id),
    index('threads_user2_idx').on(t.user2Id, t.lastMessageAt),
    index('threads_user1_idx').on(t.user1Id, t.lastMessageAt),
    check('threads_order_check', sql`${t.user1Id} < ${t.user2Id}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    type: text('type', { enum: ['text', 'PROJECT_INVITE'] })
      .notNull()
      .default('text'),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('messages_thread_idx').on(t.threadId, t.createdAt, t.id)],
);
