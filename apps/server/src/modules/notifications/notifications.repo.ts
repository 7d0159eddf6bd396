import type { EmailCategory, Notification, NotificationSettings, NotificationType } from '@devmarket/contract';
import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { notificationSettings, notifications, unsubscribeTokens, users } from '../../db/schema/index';

/** A timestamp in ISO 8601 with microseconds, so a cutoff compares exactly with stored times. */
const MICRO_ISO = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string;
  emailCategory: EmailCategory | null;
};

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(r: NotificationRow): Notification {
  return {
    id: r.id,
    type: r.type as NotificationType,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt?.toISOString() ?? null,
  };
}

export const DEFAULT_SETTINGS: NotificationSettings = {
  email: { applications: true, tasks: true, payments: true, messages: true },
};

export const notificationsRepo = {
  async insert(exec: Executor, n: NewNotification): Promise<NotificationRow> {
    const [row] = await exec.insert(notifications).values(n).returning();
    return row;
  },

  /** Newest first; `before` continues after that notification (keyset on created_at, id: stable). */
  async page(exec: Executor, userId: string, opts: { before?: string; limit: number }): Promise<Notification[]> {
    let keyset: SQL | undefined;
    if (opts.before) {
      const [cursor] = await exec
        .select({ createdAt: notifications.createdAt, id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, opts.before), eq(notifications.userId, userId)));
      if (!cursor) return [];
      keyset = or(
        lt(notifications.createdAt, cursor.createdAt),
        and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)),
      );
    }
    const rows = await exec
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), keyset))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(opts.limit);
    return rows.map(toNotification);
  },

  async unreadCount(exec: Executor, userId: string): Promise<number> {
    const [row] = await exec
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.count ?? 0);
  },

  /** Marks the user's listed (or all) unread notifications read; others' ids are ignored. */
  async markRead(exec: Executor, userId: string, ids?: string[]): Promise<number> {
    if (ids && ids.length === 0) return 0;
    const rows = await exec
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids ? inArray(notifications.id, ids) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  },

  /**
   * Claims the user's notifications of a category not mailed yet (each is mailed once even when
   * two batch jobs overlap), oldest first.
   */
  /**
   * Claims the user's notifications of a category not mailed yet (only `notificationId` when
   * given), stamping them with the moment of the mail (`at`, the job's clock).
   */
  async claimForMail(
    exec: Executor,
    userId: string,
    category: EmailCategory,
    at: Date,
    notificationId?: string,
  ): Promise<NotificationRow[]> {
    const rows = await exec
      .update(notifications)
      .set({ emailedAt: at })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.emailCategory, category),
          isNull(notifications.emailedAt),
          notificationId ? eq(notifications.id, notificationId) : undefined,
        ),
      )
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  },

  /** When the user was last mailed about a category (null: never). */
  async lastMailedAt(exec: Executor, userId: string, category: EmailCategory): Promise<Date | null> {
    const [row] = await exec
      .select({ at: sql<Date | string | null>`max(${notifications.emailedAt})` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.emailCategory, category)));
    return row?.at ? new Date(row.at) : null;
  },

  async settings(exec: Executor, userId: string): Promise<NotificationSettings> {
    const [row] = await exec.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
    if (!row) return DEFAULT_SETTINGS;
    const { applications, tasks, payments, messages } = row;
    return { email: { applications, tasks, payments, messages } };
  },

  async updateSettings(
    exec: Executor,
    userId: string,
    patch: Partial<Record<EmailCategory, boolean>>,
  ): Promise<NotificationSettings> {
    const values = { ...DEFAULT_SETTINGS.email, ...patch };
    await exec
      .insert(notificationSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...patch, updatedAt: new Date() } });
    return this.settings(exec, userId);
  },

  async recipient(exec: Executor, userId: string) {
    const [row] = await exec
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  },

  async insertUnsubscribeToken(exec: Executor, t: { userId: string; category: EmailCategory; tokenHash: string }) {
    await exec.insert(unsubscribeTokens).values(t);
  },

  /** Uses a token once: returns its user and category, or null when unknown or used. */
  async useUnsubscribeToken(exec: Executor, tokenHash: string) {
    const [row] = await exec
      .update(unsubscribeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(unsubscribeTokens.tokenHash, tokenHash), isNull(unsubscribeTokens.usedAt)))
      .returning({ userId: unsubscribeTokens.userId, category: unsubscribeTokens.category });
    return row ? { userId: row.userId, category: row.category as EmailCategory } : null;
  },

  /**
   * Messages to the user still unread (after their thread's read marker), from others, created
   * after the last digest and up to `until`, oldest first, with their senders.
   */
  async unreadMessagesForDigest(exec: Executor, userId: string, until: string) {
    return queryRows<{ id: string; text: string; sender: string; thread_id: string }>(
      exec,
      sql`select m.id, m.text, m.thread_id,
                 trim(u.first_name || ' ' || u.last_name) as sender
          from threads t
          join messages m on m.thread_id = t.id
          join users u on u.id = m.user_id
          left join notification_settings s on s.user_id = ${userId}
          where (t.user1_id = ${userId} or t.user2_id = ${userId})
            and m.user_id <> ${userId}
            and m.created_at <= ${until}::timestamptz
            and m.created_at > coalesce(case when t.user1_id = ${userId} then t.user1_read_at else t.user2_read_at end, '-infinity')
            and m.created_at > coalesce(s.messages_digested_until, '-infinity')
          order by m.created_at, m.id
          limit 50`,
    );
  },

  /** The newest message to the user after `after` that is still unread (for the next digest). */
  async newestUnreadMessageAfter(exec: Executor, userId: string, after: string): Promise<string | null> {
    const rows = await queryRows<{ at: string | null }>(
      exec,
      sql`select ${MICRO_ISO(sql`max(m.created_at)`)} as at
          from threads t join messages m on m.thread_id = t.id
          where (t.user1_id = ${userId} or t.user2_id = ${userId})
            and m.user_id <> ${userId}
            and m.created_at > ${after}::timestamptz
            and m.created_at > coalesce(case when t.user1_id = ${userId} then t.user1_read_at else t.user2_read_at end, '-infinity')`,
    );
    return rows[0]?.at ?? null;
  },

  async setDigestedUntil(exec: Executor, userId: string, until: string) {
    await exec
      .insert(notificationSettings)
      .values({ userId, messagesDigestedUntil: sql`${until}::timestamptz` })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: {
          messagesDigestedUntil: sql`greatest(${notificationSettings.messagesDigestedUntil}, excluded.messages_digested_until)`,
        },
      });
  },
};
