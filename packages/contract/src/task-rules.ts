/**
 * The rules of tasks that need no schema, free of zod: stages, the board's columns and order,
 * escrow on a card, the texts of refusals. The board imports these without evaluating the
 * schemas, a long task on a phone (issue 33); tasks.ts re-exports them with its schemas.
 */
import { generateKeyBetween } from 'fractional-indexing';

/** The stages of a task (DESIGN §4). */
export const TASK_STAGES = ['Unassigned', 'ToDo', 'In Progress', 'Review', 'Complete'] as const;
export type TaskStage = (typeof TASK_STAGES)[number];
/** The board's columns; Unassigned tasks show in ToDo. */
export const BOARD_COLUMNS = ['ToDo', 'In Progress', 'Review', 'Complete'] as const;
export const TASK_DUE_DEFAULT_HOUR = 18;

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

/** DESIGN §8: the reason of a change request or a dispute, 1–1,000 characters. */
export const REASON_MAX = 1_000;

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
