import { z } from 'zod';
import { idSchema, isoDate, text } from './common';
import { moneyOutput } from './money';
import { taskStageSchema } from './tasks';
import {
  EMAIL_CATEGORIES,
  NOTIFICATION_PAGE_MAX,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
} from './notification-constants';

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export const emailCategorySchema = z.enum(EMAIL_CATEGORIES);

/** One entry of the notification centre (DESIGN §10). */
export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  title: z.string(),
  body: z.string(),
  /** A path inside the web app, e.g. /projects/acme/board?task=AC-3. */
  link: z.string(),
  createdAt: isoDate,
  readAt: isoDate.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

/** GET /notifications: `before` is the id of the oldest notification already shown. */
export const notificationsQuery = z.object({
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(NOTIFICATION_PAGE_SIZE),
});
export type NotificationsQuery = z.input<typeof notificationsQuery>;

/** POST /notifications/read: the listed ones, or all when `ids` is absent. */
export const markNotificationsReadBody = z.object({ ids: z.array(idSchema).max(200).optional() }).default({});
export type MarkNotificationsReadBody = z.input<typeof markNotificationsReadBody>;

/** GET/POST /user/notification-settings. */
export const notificationSettingsSchema = z.object({
  email: z.object({
    applications: z.boolean(),
    tasks: z.boolean(),
    payments: z.boolean(),
    messages: z.boolean(),
  }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
/** A partial update: categories left out keep their value. */
export const updateNotificationSettingsBody = z.object({
  email: notificationSettingsSchema.shape.email.partial(),
});
export type UpdateNotificationSettingsBody = z.input<typeof updateNotificationSettingsBody>;

export const unsubscribeParams = z.object({ token: text().min(1).max(200) });

/** Realtime 'notification' event data: the new entry and the recipient's unread count. */
export const notificationEventSchema = z.object({ notification: notificationSchema, unread: z.number().int() });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** GET /applications/my. */
export const APPLICATION_STATUSES = ['Pending', 'Added', 'Ignored'] as const;
export const myApplicationSchema = z.object({
  id: z.string(),
  projectID: z.string(),
  project: z.object({ name: z.string(), handle: z.string() }),
  message: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: isoDate,
});
export type MyApplication = z.infer<typeof myApplicationSchema>;
export const myApplicationListSchema = z.array(myApplicationSchema);

const dashboardProjectRef = z.object({ id: z.string(), name: z.string(), handle: z.string() });

/** GET /dashboard: every section of the signed-in person's dashboard in one answer. */
export const developerDashboardSchema = z.object({
  kind: z.literal('Developer'),
  tasks: z.array(
    z.object({
      id: z.string(),
      identifier: z.string(),
      summary: z.string(),
      stage: taskStageSchema,
      price: moneyOutput.nullable(),
      dueDate: isoDate.nullable(),
      project: dashboardProjectRef,
    }),
  ),
  invites: z.array(
    z.object({
      projectID: z.string(),
      project: dashboardProjectRef,
      invitedBy: z.string(),
      createdAt: isoDate,
    }),
  ),
  applications: myApplicationListSchema,
  earningsThisMonth: moneyOutput,
  balance: moneyOutput,
});
export const clientDashboardSchema = z.object({
  kind: z.literal('Client'),
  applicants: z.array(z.object({ project: dashboardProjectRef, count: z.number().int() })),
  review: z.array(
    z.object({
      id: z.string(),
      identifier: z.string(),
      summary: z.string(),
      price: moneyOutput.nullable(),
      project: dashboardProjectRef,
      assignee: z.string().nullable(),
      /** When the review window ends (DESIGN §8); null when the task has none. */
      reviewDeadline: isoDate.nullable(),
    }),
  ),
  /** Open disputes over the client's tasks (DESIGN §10). */
  disputes: z.array(
    z.object({
      id: z.string(),
      taskID: z.string(),
      identifier: z.string(),
      summary: z.string(),
      reason: z.string(),
      project: dashboardProjectRef,
      createdAt: isoDate,
    }),
  ),
  escrowHeld: moneyOutput,
  balance: moneyOutput,
});
export const dashboardSchema = z.discriminatedUnion('kind', [developerDashboardSchema, clientDashboardSchema]);
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DeveloperDashboard = z.infer<typeof developerDashboardSchema>;
export type ClientDashboard = z.infer<typeof clientDashboardSchema>;
