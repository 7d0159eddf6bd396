import { z } from 'zod';
import { messageSchema } from './messages';
import { moneyOutput } from './money';
import { DISPUTE_OUTCOMES, DISPUTE_STATUSES, disputeSchema, TASK_MSG, taskSchema } from './tasks';
import { amountInput } from './transactions';
import { isoDate, text } from './common';
import { publicUserSchema, REVIEW_STATUSES } from './users';

/** Staff console: developers under review and the mail outbox (DESIGN §4). */
export const adminDevelopersQuery = z.object({
  status: z.enum(REVIEW_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const adminDeveloperSchema = publicUserSchema.extend({
  email: z.string(),
  emailVerified: z.boolean(),
  reviewStatus: z.enum(REVIEW_STATUSES),
  updatedAt: isoDate,
});
export type AdminDeveloper = z.infer<typeof adminDeveloperSchema>;
export const adminDeveloperListSchema = z.object({
  developers: z.array(adminDeveloperSchema),
  pages: z.number().int(),
});
export type AdminDeveloperList = z.infer<typeof adminDeveloperListSchema>;

export const userIdParams = z.object({ userId: text().uuid() });
/** Optional body: `{ reason }` is mailed to the developer. */
export const rejectDeveloperBody = z
  .object({ reason: text().trim().max(1000, 'Must be at most 1000 characters').optional() })
  .nullish();

export const OUTBOX_PAGE_SIZE = 25;
/** queued (waiting for its first or next try), sent, logged (no SMTP server: the log is the mailbox), dead (gave up). */
export const OUTBOX_STATUSES = ['queued', 'sent', 'logged', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Only mails to this address (case-insensitive). */
  to: text().trim().max(254).optional(),
});
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  /** The last delivery error. */
  error: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  /** Delivery attempts so far (retried after 1, 5 and 30 minutes, then dead). */
  attempts: z.number().int(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxListSchema = z.object({ mails: z.array(outboxMailSchema), pages: z.number().int() });
export type OutboxList = z.infer<typeof outboxListSchema>;

/* ---------- Disputes (DESIGN §8) ---------- */

export const adminDisputesQuery = z.object({ status: z.enum(DISPUTE_STATUSES).default('Open') });
const disputePartySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string().nullable(),
});
/** GET /admin/disputes items: the task's dispute plus its task and both parties. */
export const adminDisputeSchema = disputeSchema.extend({
  taskID: z.string(),
  identifier: z.string(),
  summary: z.string(),
  price: moneyOutput.nullable(),
  projectID: z.string(),
  projectName: z.string(),
  owner: disputePartySchema,
  assignee: disputePartySchema,
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

/** GET /admin/disputes/{id}: what staff read before deciding. */
export const adminDisputeDetailSchema = adminDisputeSchema.extend({
  task: taskSchema,
  messages: z.array(messageSchema),
});
export type AdminDisputeDetail = z.infer<typeof adminDisputeDetailSchema>;

/** POST /admin/disputes/{id}/resolve: `amount` (the assignee's share) only for a split. */
export const resolveDisputeBody = z
  .object({
    outcome: z.enum(DISPUTE_OUTCOMES, { error: 'Choose release, refund or split' }),
    amount: amountInput.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'split' && v.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: TASK_MSG.splitAmount });
    }
  });
export type ResolveDisputeBody = z.input<typeof resolveDisputeBody>;

/** GET /admin/health (staff): where reads and files go right now (DESIGN §18). */
export const adminHealthSchema = z.object({
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** Null without DATABASE_READ_URL. */
    replica: z
      .object({
        state: z.enum(['replica', 'lagging', 'down']),
        lagSeconds: z.number().nullable(),
        /** Queries of listings, searches, profiles and reviews served by the replica since start. */
        replicaReads: z.number().int(),
        /** Such queries served by the primary: a reader who just wrote, a lagging or down replica. */
        primaryReads: z.number().int(),
        /** Replica queries that failed for want of a connection and ran again on the primary. */
        fallbacks: z.number().int(),
      })
      .nullable(),
  }),
  files: z.object({ store: z.enum(['disk', 's3']) }),
});
export type AdminHealth = z.infer<typeof adminHealthSchema>;
