/** Notification types, limits and texts (DESIGN §10); zod-free so the top bar's bell can import them. */

export const NOTIFICATION_TYPES = [
  'application.received',
  'invite.received',
  'team.added',
  'project.matched',
  'task.assigned',
  'task.review',
  'task.changes_requested',
  'task.paid',
  'task.auto_release_soon',
  /** DESIGN §19: the review window ended and the task was paid: the owner is told. */
  'task.auto_released',
  'dispute.opened',
  'dispute.resolved',
  'deposit.credited',
  'withdrawal.sent',
  'withdrawal.failed',
  'account.approved',
  'account.rejected',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The e-mail categories a user can turn off (GET/POST /user/notification-settings). */
export const EMAIL_CATEGORIES = ['applications', 'tasks', 'payments', 'messages'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/**
 * Which e-mail category mails a notification type. The account decisions are mailed at once by
 * the staff review itself (a mail of their own), so they are not batched again.
 */
export const NOTIFICATION_EMAIL_CATEGORY: Record<NotificationType, EmailCategory | null> = {
  'application.received': 'applications',
  'invite.received': 'applications',
  'team.added': 'applications',
  'project.matched': 'applications',
  'task.assigned': 'tasks',
  'task.review': 'tasks',
  'task.changes_requested': 'tasks',
  'task.auto_release_soon': 'tasks',
  'dispute.opened': 'tasks',
  'dispute.resolved': 'tasks',
  'task.paid': 'payments',
  'task.auto_released': 'payments',
  'deposit.credited': 'payments',
  'withdrawal.sent': 'payments',
  'withdrawal.failed': 'payments',
  'account.approved': null,
  'account.rejected': null,
};

export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, { label: string; help: string }> = {
  applications: {
    label: 'Applications and invites',
    help: 'Someone applies to your project, invites or adds you; a new project matches your tags',
  },
  tasks: { label: 'Tasks', help: 'Tasks assigned to you, work waiting for your review, disputes' },
  payments: { label: 'Payments', help: 'Tasks paid, deposits credited, withdrawals sent or failed' },
  messages: { label: 'Messages', help: 'A digest of messages still unread after 10 minutes' },
};

/** At most one mail per category and user in this window; notifications inside it share one mail. */
export const NOTIFICATION_MAIL_WINDOW_MINUTES = 10;
/** A message still unread this long after it was sent goes into the messages digest. */
export const MESSAGE_DIGEST_MINUTES = 10;

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 50;
/** How many the top bar's popover shows; the rest are on /notifications. */
export const NOTIFICATION_POPOVER_SIZE = 10;

export const NOTIFICATION_MSG = {
  empty: 'You have no notifications yet',
  markAllRead: 'Mark all as read',
  unsubscribed: (label: string) => `You will no longer receive e-mails about ${label.toLowerCase()}.`,
  unsubscribeUsed: 'This unsubscribe link has already been used or is not valid.',
} as const;

/** "Notifications" plus the unread count: the bell's accessible name. */
export const notificationsButtonLabel = (unread: number) =>
  unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';
