import {
  EMAIL_CATEGORY_LABELS,
  type EmailCategory,
  MESSAGE_DIGEST_MINUTES,
  NOTIFICATION_EMAIL_CATEGORY,
  NOTIFICATION_MAIL_WINDOW_MINUTES,
  NOTIFICATION_MSG,
  type Notification,
  type NotificationSettings,
  type NotificationType,
  REALTIME_EVENTS,
} from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { hashToken, newToken } from '../../lib/tokens';
import { enqueueJob, releaseDedupeKey } from '../jobs';
import { type Mail, queueMail } from '../mail';
import { publishAfterCommit, publishInTransaction } from '../realtime';
import { type MailItem, renderNotificationMail } from './notifications.mail';
import { notificationsRepo, toNotification } from './notifications.repo';

const MINUTE = 60_000;
export const NOTIFICATION_MAIL_JOB = 'notification-mail';
export const MESSAGE_DIGEST_JOB = 'message-digest';
const mailKey = (userId: string, category: EmailCategory) => `${NOTIFICATION_MAIL_JOB}:${userId}:${category}`;
const digestKey = (userId: string) => `${MESSAGE_DIGEST_JOB}:${userId}`;

export type NotifyInput = {
  /** Who is told. */
  userId: string;
  /** Who caused it: nobody is notified of their own act. */
  actorId?: string | null;
  type: NotificationType;
  /** Names the project or task concerned. */
  title: string;
  body: string;
  /** A path inside the web app. */
  link: string;
};

/**
 * Writes a notification in the caller's transaction (DESIGN §10), queues its batched e-mail and
 * pushes it live: the NOTIFY is sent by PostgreSQL when that transaction commits, so a rolled-back
 * cause tells nobody.
 */
export async function notify(tx: Executor, n: NotifyInput): Promise<Notification | null> {
  if (n.actorId && n.actorId === n.userId) return null;
  const emailCategory = NOTIFICATION_EMAIL_CATEGORY[n.type];
  const row = await notificationsRepo.insert(tx, {
    userId: n.userId,
    type: n.type,
    title: n.title,
    body: n.body,
    link: n.link,
    emailCategory,
  });
  if (emailCategory) {
    // One queued job per user and category: later notifications join its batch (the key is
    // released when the job runs, so the next batch is at least a window after this one).
    await enqueueJob(tx, {
      kind: NOTIFICATION_MAIL_JOB,
      payload: { userId: n.userId, category: emailCategory },
      runAt: new Date(Date.now() + NOTIFICATION_MAIL_WINDOW_MINUTES * MINUTE),
      dedupeKey: mailKey(n.userId, emailCategory),
    });
  }
  const notification = toNotification(row);
  const unread = await notificationsRepo.unreadCount(tx, n.userId);
  await publishInTransaction(tx, {
    type: REALTIME_EVENTS.notification,
    userIds: [n.userId],
    data: { notification, unread },
  });
  return notification;
}

/** A new message schedules its recipient's digest (in the message's transaction). */
export async function scheduleMessageDigest(tx: Executor, recipientId: string, sentAt: Date): Promise<void> {
  // The cutoff rounds up to the next millisecond: stored times carry microseconds.
  const cutoff = new Date(sentAt.getTime() + 1);
  await enqueueJob(tx, {
    kind: MESSAGE_DIGEST_JOB,
    payload: { userId: recipientId, cutoff: cutoff.toISOString() },
    runAt: new Date(cutoff.getTime() + MESSAGE_DIGEST_MINUTES * MINUTE),
    dedupeKey: digestKey(recipientId),
  });
}

export async function listNotifications(ctx: AppContext, userId: string, query: { before?: string; limit: number }) {
  return notificationsRepo.page(ctx.db, userId, query);
}

export async function unreadNotificationCount(ctx: AppContext, userId: string) {
  return { count: await notificationsRepo.unreadCount(ctx.db, userId) };
}

/** Marks read; the user's other tabs learn the new count live. */
export async function markNotificationsRead(ctx: AppContext, userId: string, ids?: string[]) {
  const changed = await notificationsRepo.markRead(ctx.db, userId, ids);
  const count = await notificationsRepo.unreadCount(ctx.db, userId);
  if (changed > 0) {
    await publishAfterCommit(ctx, {
      type: REALTIME_EVENTS.notification,
      userIds: [userId],
      data: { unread: count, read: ids ?? 'all' },
    });
  }
  return { count };
}

export async function getNotificationSettings(ctx: AppContext, userId: string): Promise<NotificationSettings> {
  return notificationsRepo.settings(ctx.db, userId);
}

export async function updateNotificationSettings(
  ctx: AppContext,
  userId: string,
  patch: Partial<Record<EmailCategory, boolean>>,
): Promise<NotificationSettings> {
  return notificationsRepo.updateSettings(ctx.db, userId, patch);
}

/** GET /notifications/unsubscribe/{token}: turns that one category off, once, without a session. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ ok: boolean; message: string }> {
  const used = await ctx.db.transaction(async (tx) => {
    const t = await notificationsRepo.useUnsubscribeToken(tx, hashToken(token));
    if (t) await notificationsRepo.updateSettings(tx, t.userId, { [t.category]: false });
    return t;
  });
  if (!used) return { ok: false, message: NOTIFICATION_MSG.unsubscribeUsed };
  return { ok: true, message: NOTIFICATION_MSG.unsubscribed(EMAIL_CATEGORY_LABELS[used.category].label) };
}

/** Job: one mail with every notification of a category the user has not been mailed yet. */
export async function sendNotificationMail(ctx: AppContext, userId: string, category: EmailCategory): Promise<void> {
  await releaseDedupeKey(ctx.db, mailKey(userId, category));
  const batch = await ctx.db.transaction(async (tx) => {
    const rows = await notificationsRepo.claimForMail(tx, userId, category);
    const settings = await notificationsRepo.settings(tx, userId);
    // Claimed either way: a category turned off drops its pending mail instead of sending it later.
    if (rows.length === 0 || !settings.email[category]) return null;
    const recipient = await notificationsRepo.recipient(tx, userId);
    if (!recipient) return null;
    return { recipient, rows, unsubscribeUrl: await unsubscribeUrl(ctx, tx, userId, category) };
  });
  if (!batch) return;
  const { appUrl } = ctx.config;
  const items: MailItem[] = batch.rows.map((r) => ({ title: r.title, body: r.body, href: `${appUrl}${r.link}` }));
  const label = EMAIL_CATEGORY_LABELS[category].label;
  const subject = items.length === 1 ? items[0].title : `${items.length} updates: ${label}`;
  await deliver(ctx, {
    to: batch.recipient.email,
    subject,
    unsubscribeUrl: batch.unsubscribeUrl,
    ...renderNotificationMail({
      firstName: batch.recipient.firstName,
      heading: subject,
      intro: items.length === 1 ? 'There is news on DevMarket:' : `There are ${items.length} updates on DevMarket:`,
      items,
      action: { href: `${appUrl}/notifications`, label: 'Open notifications' },
      category,
      unsubscribeUrl: batch.unsubscribeUrl,
      settingsUrl: `${appUrl}/account#notifications`,
    }),
  });
}

/** Job: the messages still unread a window after they were sent, in one digest mail. */
export async function sendMessageDigest(
  ctx: AppContext,
  userId: string,
  queuedCutoff: string,
  at: Date,
): Promise<void> {
  await releaseDedupeKey(ctx.db, digestKey(userId));
  // Everything at least a window old by now goes in, including messages that came after the one
  // that queued this job (their own scheduling found this job's key taken).
  const windowStart = new Date(at.getTime() - MESSAGE_DIGEST_MINUTES * MINUTE);
  const cutoff = windowStart > new Date(queuedCutoff) ? windowStart.toISOString() : queuedCutoff;
  const digest = await ctx.db.transaction(async (tx) => {
    const messages = await notificationsRepo.unreadMessagesForDigest(tx, userId, cutoff);
    await notificationsRepo.setDigestedUntil(tx, userId, cutoff);
    // Messages that came after the cutoff wait for a digest of their own.
    const newest = await notificationsRepo.newestUnreadMessageAfter(tx, userId, cutoff);
    if (newest) {
      await enqueueJob(tx, {
        kind: MESSAGE_DIGEST_JOB,
        payload: { userId, cutoff: newest },
        runAt: new Date(new Date(newest).getTime() + MESSAGE_DIGEST_MINUTES * MINUTE),
        dedupeKey: digestKey(userId),
      });
    }
    const settings = await notificationsRepo.settings(tx, userId);
    if (messages.length === 0 || !settings.email.messages) return null;
    const recipient = await notificationsRepo.recipient(tx, userId);
    if (!recipient) return null;
    return { recipient, messages, unsubscribeUrl: await unsubscribeUrl(ctx, tx, userId, 'messages') };
  });
  if (!digest) return;
  const { appUrl } = ctx.config;
  const senders = [...new Set(digest.messages.map((m) => m.sender))];
  const subject =
    digest.messages.length === 1
      ? `Unread message from ${senders[0]}`
      : `${digest.messages.length} unread messages from ${senders.slice(0, 3).join(', ')}${senders.length > 3 ? ' and others' : ''}`;
  await deliver(ctx, {
    to: digest.recipient.email,
    subject,
    unsubscribeUrl: digest.unsubscribeUrl,
    ...renderNotificationMail({
      firstName: digest.recipient.firstName,
      heading: subject,
      intro: `You have messages on DevMarket you have not read for ${MESSAGE_DIGEST_MINUTES} minutes:`,
      items: digest.messages.map((m) => ({
        title: m.sender,
        body: m.text.length > 300 ? `${m.text.slice(0, 300)}…` : m.text,
        href: `${appUrl}/messages?threadID=${m.thread_id}`,
      })),
      action: { href: `${appUrl}/messages`, label: 'Open messages' },
      category: 'messages',
      unsubscribeUrl: digest.unsubscribeUrl,
      settingsUrl: `${appUrl}/account#notifications`,
    }),
  });
}

async function unsubscribeUrl(ctx: AppContext, tx: Executor, userId: string, category: EmailCategory) {
  const token = newToken();
  await notificationsRepo.insertUnsubscribeToken(tx, { userId, category, tokenHash: hashToken(token) });
  return `${ctx.config.appUrl}/api/v1/notifications/unsubscribe/${token}`;
}

/** The one place notification mails leave: through the mail queue (DESIGN §9), with retries. */
async function deliver(ctx: AppContext, mail: Omit<Mail, 'headers'> & { unsubscribeUrl: string }) {
  const { unsubscribeUrl: url, ...rest } = mail;
  await queueMail(ctx.db, {
    ...rest,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}
