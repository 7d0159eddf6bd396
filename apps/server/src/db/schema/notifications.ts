import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns';
import { users } from './users';

/** The notification centre (DESIGN §10): written in the same transaction as its cause. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
    /** The e-mail category that mails it (null: never mailed) and when its batch went out. */
    emailCategory: text('email_category'),
    emailedAt: tstz('emailed_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_mail_idx')
      .on(t.userId, t.emailCategory)
      .where(sql`${t.emailedAt} is null and ${t.emailCategory} is not null`),
  ],
);

/** E-mail preferences; a user without a row gets every category (the default is on). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  applications: boolean('applications').notNull().default(true),
  tasks: boolean('tasks').notNull().default(true),
  payments: boolean('payments').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
  /** Messages created up to this moment were considered by a digest already. */
  messagesDigestedUntil: tstz('messages_digested_until'),
  updatedAt: updatedAt(),
});

/** One-click unsubscribe links: one per mail, one category each, usable once. */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('unsubscribe_tokens_hash_key').on(t.tokenHash)],
);
