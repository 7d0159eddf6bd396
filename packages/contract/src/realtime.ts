import { z } from 'zod';
import { messageSchema } from './messages';
import { notificationEventSchema } from './notifications';
import { taskSummarySchema } from './tasks';
import { balanceSchema } from './transactions';

/*
 * Real-time events (DESIGN §4 real-time): what GET /api/v1/events writes as `data: {"type", "data"}`
 * frames. One discriminated union on `type`; each member names its `data`. The server checks every
 * event it publishes against it outside production (apps/server/src/modules/realtime/event-bus.ts),
 * the web app types its listeners with it (apps/web/src/lib/realtime.ts, type-only imports).
 */

/**
 * What a browser gets when an event's NOTIFY payload would pass PostgreSQL's 8000-byte limit: the
 * bus keeps `truncated: true` and the data's short scalar fields (ids, counts), so the browser knows
 * what to refetch (`idsOnly` in event-bus.ts). `ids` are the fields that may survive.
 */
const truncated = <S extends z.ZodRawShape>(ids: S) => z.strictObject({ truncated: z.literal(true), ...ids });

/** One member: the data a publisher passes, and what a browser may receive (that data, or truncated). */
const member = <T extends string, D extends z.ZodType, X extends z.ZodType>(type: T, data: D, cut: X) => ({
  published: z.object({ type: z.literal(type), data }),
  received: z.object({ type: z.literal(type), data: z.union([data, cut]) }),
});

/** A task changed (created, moved, edited, paid…): the team's open boards upsert it. */
const task = member(
  'task',
  z.strictObject({ projectID: z.string(), task: taskSummarySchema }),
  truncated({ projectID: z.string().optional() }),
);

/** A new message (PROJECT_INVITE ones included) to both participants of its thread. */
const message = member(
  'message',
  z.strictObject({ threadID: z.string(), message: messageSchema }),
  truncated({ threadID: z.string().optional() }),
);

/** The reader marked a thread read: their other tabs update the unread markers. */
const threadRead = member(
  'thread_read',
  z.strictObject({ threadID: z.string() }),
  truncated({ threadID: z.string().optional() }),
);

/** A new notification with the unread count, or (after POST /notifications/read) the new count. */
const notification = member(
  'notification',
  z.union([
    z.strictObject(notificationEventSchema.shape),
    z.strictObject({ unread: z.number().int(), read: z.union([z.array(z.string()), z.literal('all')]) }),
  ]),
  truncated({ unread: z.number().int().optional(), read: z.literal('all').optional() }),
);

/** The user's balances after a ledger change (sent from inside the ledger's transaction). */
const balance = member(
  'balance',
  z.strictObject(balanceSchema.shape),
  truncated({ balance: z.string().optional(), held: z.string().optional() }),
);

/** A transaction changed without a balance change (chain confirmations, DESIGN §12). */
const transaction = member('transaction', z.strictObject({ id: z.string() }), truncated({ id: z.string().optional() }));

/** The project's team changed (an invite accepted or declined, a member added): refetch it. */
const project = member(
  'project',
  z.strictObject({ projectID: z.string() }),
  truncated({ projectID: z.string().optional() }),
);

/** A developer applied to the owner's project. */
const application = member(
  'application',
  z.strictObject({ projectID: z.string(), applicationID: z.string() }),
  truncated({ projectID: z.string().optional(), applicationID: z.string().optional() }),
);

/** A frame of the event stream, as a browser receives it (the data may be the truncated form). */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  task.received,
  message.received,
  threadRead.received,
  notification.received,
  balance.received,
  transaction.received,
  project.received,
  application.received,
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];

/** An event as a publisher passes it: always the full data (only the bus truncates). */
export const publishedRealtimeEventSchema = z.discriminatedUnion('type', [
  task.published,
  message.published,
  threadRead.published,
  notification.published,
  balance.published,
  transaction.published,
  project.published,
  application.published,
]);
export type PublishedRealtimeEvent = z.infer<typeof publishedRealtimeEventSchema>;

/** The full data of an event type (what a publisher passes and a browser gets unless truncated). */
export type RealtimeEventData<T extends RealtimeEventType> = Extract<PublishedRealtimeEvent, { type: T }>['data'];

/** Real-time event types by name (GET /api/v1/events). */
export const REALTIME_EVENTS = {
  task: 'task',
  message: 'message',
  threadRead: 'thread_read',
  notification: 'notification',
  balance: 'balance',
  /** A transaction changed without a balance change (chain confirmations); data `{ id }`. */
  transaction: 'transaction',
  project: 'project',
  application: 'application',
} as const satisfies Record<string, RealtimeEventType>;
