import { z } from 'zod';
import { isoDate, optionalString, requiredString } from './common';
import { moneyInput, moneyOutput } from './money';
import { MOVABLE_STAGES, REASON_MAX, TASK_MSG, TASK_STAGES } from './task-rules';

/** Shared shapes of the tasks domain (spec §3); its rules without schemas are in task-rules.ts. */
export * from './task-rules';
export const taskStageSchema = z.enum(TASK_STAGES);

export const taskPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  image: z.string().nullable(),
  imageURL: z.string().nullable(),
  username: z.string().nullable(),
});

export const taskFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: isoDate,
  size: z.number().int(),
  mime: z.string(),
});
export type TaskFile = z.infer<typeof taskFileSchema>;

export const ACTIVITY_KINDS = ['comment', 'system'] as const;
export const activitySchema = z.object({
  id: z.string(),
  taskID: z.string(),
  /** The author, or whose act a system activity records; null for the system's own acts. */
  userID: z.string().nullable(),
  name: z.string(),
  text: z.string(),
  /** 'system': a step the task went through (assigned with a hold, review started, …), DESIGN §8. */
  kind: z.enum(ACTIVITY_KINDS),
  createdAt: isoDate,
});
export type Activity = z.infer<typeof activitySchema>;

export const DISPUTE_STATUSES = ['Open', 'Resolved'] as const;
export const DISPUTE_OUTCOMES = ['release', 'refund', 'split'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** DESIGN §8: a task's dispute; `amount` is the assignee's share once resolved. */
export const disputeSchema = z.object({
  id: z.string(),
  openedBy: z.string(),
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  amount: moneyOutput.nullable(),
  createdAt: isoDate,
  resolvedAt: isoDate.nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** A task as the board and the list show it. */
export const taskSummarySchema = z.object({
  id: z.string(),
  identifier: z.string(),
  projectID: z.string(),
  summary: z.string(),
  assigneeID: z.string().nullable(),
  price: z.string().nullable(),
  dueDate: isoDate.nullable(),
  stage: taskStageSchema,
  position: z.string(),
  Assignee: taskPersonSchema.nullable(),
  /** While in Review: when the task auto-releases to the assignee (DESIGN §8). */
  reviewDeadline: isoDate.nullable(),
  /** The task's latest dispute, open or resolved. */
  dispute: disputeSchema.nullable(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** GET /tasks/{id} and /tasks/identifier/{identifier}. */
export const taskSchema = taskSummarySchema.extend({
  description: z.string(),
  /** The project's name. */
  name: z.string(),
  projectHandle: z.string(),
  Reporter: taskPersonSchema,
  Files: z.array(taskFileSchema),
  Activities: z.array(activitySchema),
  createdAt: isoDate,
});
export type Task = z.infer<typeof taskSchema>;

/* ---------- Requests (spec §7 Tasks) ---------- */

export const TASK_SUMMARY_MAX = 200;
export const TASK_DESCRIPTION_MAX = 20_000;
export const ACTIVITY_TEXT_MAX = 5_000;
const dueDateInput = z.iso.datetime({ offset: true, error: TASK_MSG.dueDate });

/**
 * A task's price (DESIGN §19): an amount, or absent / null for "no price". Zero, a negative
 * number or '' is refused like any other bad amount, never taken as "no price".
 */
export const taskPriceInput = moneyInput.nullable();

/** POST /tasks — no price is an absent or null `price` (DESIGN §19). */
export const createTaskBody = z.object({
  projectID: z.uuid({ error: 'Choose a project' }),
  summary: requiredString(TASK_SUMMARY_MAX),
  description: optionalString(TASK_DESCRIPTION_MAX).optional(),
  assigneeID: z.uuid({ error: TASK_MSG.assigneeNotMember }).nullable().optional(),
  price: taskPriceInput.optional(),
  dueDate: dueDateInput.nullable().optional(),
});
export type CreateTaskBody = z.input<typeof createTaskBody>;

export const createTaskResponse = z.object({ id: z.string(), identifier: z.string() });
export type CreateTaskResponse = z.infer<typeof createTaskResponse>;

/** PUT /tasks/{id} — absent fields stay as they are; null clears (a price too). */
export const updateTaskBody = z.object({
  summary: requiredString(TASK_SUMMARY_MAX).optional(),
  description: optionalString(TASK_DESCRIPTION_MAX).optional(),
  assigneeID: z.uuid({ error: TASK_MSG.assigneeNotMember }).nullable().optional(),
  price: taskPriceInput.optional(),
  dueDate: dueDateInput.nullable().optional(),
});
export type UpdateTaskBody = z.input<typeof updateTaskBody>;

/** POST /tasks/{id}/stage */
export const moveTaskBody = z.object({ stage: z.enum(MOVABLE_STAGES, { error: 'Must be a stage of the board' }) });
export type MoveTaskBody = z.infer<typeof moveTaskBody>;

export const reasonBody = z.object({ reason: requiredString(REASON_MAX) });
export type ReasonBody = z.infer<typeof reasonBody>;

/** POST /tasks/{id}/activity — the spec's taskID and name are taken from the path and the session. */
export const createActivityBody = z.object({ text: requiredString(ACTIVITY_TEXT_MAX) });
export type CreateActivityBody = z.infer<typeof createActivityBody>;

export const taskListSchema = z.array(taskSummarySchema);

/* ---------- Files (spec §5 drop-zone, §7 Files) ---------- */

export const FILE_MSG = {
  missing: 'Choose a file to upload',
  empty: 'The file is empty',
  tooLarge: (limitBytes: number) => `File is larger than ${limitBytes} bytes`,
  linkExpired: 'This download link has expired, download the file again',
} as const;

/** POST /tasks/{id}/files/{fileId}/link: a download address for this file only, valid FILE_LINK_SECONDS (DESIGN §9). */
export const FILE_LINK_SECONDS = 60;
export const fileLinkResponse = z.object({ url: z.string() });
export type FileLinkResponse = z.infer<typeof fileLinkResponse>;
