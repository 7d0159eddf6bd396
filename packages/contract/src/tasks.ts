import { z } from 'zod';
import { generateKeyBetween } from 'fractional-indexing';
import { isoDate, optionalString, requiredString } from './common';
import { moneyInput, moneyOutput } from './money';

/** Shared shapes of the tasks domain (spec §3, DESIGN §4 stages). */
export const TASK_STAGES = ['Unassigned', 'ToDo', 'In Progress', 'Review', 'Complete'] as const;
export const taskStageSchema = z.enum(TASK_STAGES);
export type TaskStage = z.infer<typeof taskStageSchema>;
/** The board's columns; Unassigned tasks show in ToDo. */
export const BOARD_COLUMNS = ['ToDo', 'In Progress', 'Review', 'Complete'] as const;
export const TASK_DUE_DEFAULT_HOUR = 18;

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
/** Stages a client may ask for; Unassigned is derived from "no assignee". */
export const MOVABLE_STAGES = ['ToDo', 'In Progress', 'Review', 'Complete'] as const;
export type MovableStage = (typeof MOVABLE_STAGES)[number];

/** Texts of the task rules, shared by the server's answers and the web app. */
export const TASK_MSG = {
  assigneeNotMember: 'The assignee must be a member of this project',
  dueDate: 'Must be a valid date',
  termsLocked: 'This task has an assignee: its terms can no longer be changed',
  needsAssignee: 'Assign the task to a team member before moving it out of ToDo',
  completeIsFinal: 'This task is complete and can no longer be moved',
  ownerCompletes: 'Only the project owner can complete tasks',
  membersOnly: 'Only members of this project can do this',
  /** DESIGN §8 authority: funding is the owner's act. */
  ownerFunds: 'Only the project owner can fund a priced task',
  ownerNotAssignee: 'The project owner cannot be the assignee of a priced task',
  ownerUnassigns: 'Only the project owner can unassign a task',
  notAssigned: 'This task has no assignee',
  unassignStage: 'A task in Review or Complete cannot be unassigned',
  inDispute: 'This task is in dispute',
  ownerRequestsChanges: 'Only the project owner can request changes',
  notInReview: 'Only a task in Review can be sent back for changes',
  disputeParties: 'Only the project owner and the assignee can open a dispute',
  notDisputable: 'Only an assigned, priced task that is not complete can be disputed',
  disputeOpen: 'This task already has an open dispute',
  disputeNotOpen: 'This dispute is no longer open',
  splitAmount: 'Must be more than 0 and less than the price',
} as const;

/** "150 USDT in escrow" (DESIGN §13): the chip on a card and in the task dialog. */
export const escrowChipLabel = (price: string) => `${price} USDT in escrow`;

/** A priced task with an assignee that is not Complete holds its price in escrow (DESIGN §8). */
export const holdsEscrow = (t: { price: string | null; assigneeID: string | null; stage: string }) =>
  t.price !== null && t.assigneeID !== null && t.stage !== 'Complete';

/**
 * Why a task may not move from its stage to a board column, or null when it may (DESIGN §4):
 * nothing leaves Complete, only the owner completes, and a task without an assignee stays in
 * ToDo. The server refuses with these texts, and the board shows them on a refused drop.
 */
export function stageMoveRefusal(
  task: { stage: TaskStage; assigneeID: string | null },
  to: MovableStage,
  isOwner: boolean,
): string | null {
  if (task.stage === 'Complete') return TASK_MSG.completeIsFinal;
  if (to === 'Complete' && !isOwner) return TASK_MSG.ownerCompletes;
  if (!task.assigneeID && to !== 'ToDo') return TASK_MSG.needsAssignee;
  return null;
}

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

/** DESIGN §8: the reason of a change request or a dispute, 1–1,000 characters. */
export const REASON_MAX = 1_000;
export const reasonBody = z.object({ reason: requiredString(REASON_MAX) });
export type ReasonBody = z.infer<typeof reasonBody>;

/** POST /tasks/{id}/activity — the spec's taskID and name are taken from the path and the session. */
export const createActivityBody = z.object({ text: requiredString(ACTIVITY_TEXT_MAX) });
export type CreateActivityBody = z.infer<typeof createActivityBody>;

export const taskListSchema = z.array(taskSummarySchema);

/* ---------- Board order: position keys (compared byte-wise, SQL `collate "C"`) ---------- */

/** The position of a new task. */
export const TASK_POSITION_START = 'V';

/**
 * Keys made by `fractional-indexing` carry this marker, which sorts before every digit and letter.
 * Keys of the earlier scheme (base-62 fractions such as 'V', 'G', '0V', or 'a3' from the demo
 * seed) never start with it, so they stay valid: every marked key sorts above them, and the
 * library only ever sees keys it made. Moving to the top decrements the library key's integer
 * part, so keys grow with the logarithm of the number of moves, not linearly as bisection did.
 */
const LIBRARY_KEY_MARK = '-';

/** The key that puts a card above the first card of a column (or the start key in an empty one). */
export function positionBefore(first: string | null | undefined): string {
  if (!first) return TASK_POSITION_START;
  const below = first.startsWith(LIBRARY_KEY_MARK) ? first.slice(LIBRARY_KEY_MARK.length) : null;
  return LIBRARY_KEY_MARK + generateKeyBetween(null, below);
}

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
