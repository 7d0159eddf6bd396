import type { TaskSummary } from '@devmarket/contract';
import {
  BOARD_COLUMNS,
  positionBefore,
  stageMoveRefusal,
  TASK_MSG,
  type TaskStage,
} from '@devmarket/contract/task-rules';
import { isInDispute } from './escrow';

export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** Unassigned tasks show in the ToDo column (DESIGN §4). */
export const columnOf = (stage: TaskStage): BoardColumn => (stage === 'Unassigned' ? 'ToDo' : stage);

/** Search by summary (case-insensitive) and the quick filter by assignee (empty = everyone). */
export function filterTasks(tasks: TaskSummary[], search: string, memberIds: string[]): TaskSummary[] {
  const q = search.trim().toLowerCase();
  if (!q && memberIds.length === 0) return tasks;
  return tasks.filter(
    (t) =>
      (!q || t.summary.toLowerCase().includes(q)) &&
      (memberIds.length === 0 || (t.assigneeID !== null && memberIds.includes(t.assigneeID))),
  );
}

/**
 * Identifiers in number order ("PRJ-9" before "PRJ-10"): a project's identifiers are its key and
 * a number (the server numbers them), so the number after the last dash decides. Plain arithmetic, not a collator: the first sort of a
 * 500-card board with equal positions spent most of a 140 ms task (4× slower CPU) in Intl's
 * collation (issue 33).
 */
const numberOf = (identifier: string) => Number(identifier.slice(identifier.lastIndexOf('-') + 1));
const compareIdentifiers = (a: string, b: string) => numberOf(a) - numberOf(b);

const byPosition = (a: TaskSummary, b: TaskSummary) =>
  a.position < b.position ? -1 : a.position > b.position ? 1 : compareIdentifiers(b.identifier, a.identifier);

/** The cards of each column, in board order (position key, then newest first). */
export function groupByColumn(tasks: TaskSummary[]): Record<BoardColumn, TaskSummary[]> {
  const groups = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as TaskSummary[]])) as Record<
    BoardColumn,
    TaskSummary[]
  >;
  for (const t of tasks) groups[columnOf(t.stage)].push(t);
  for (const c of BOARD_COLUMNS) groups[c].sort(byPosition);
  return groups;
}

export type BoardGroups = Record<BoardColumn, TaskSummary[]>;

/**
 * The board's columns from the project's task list, as a selector that remembers its last answer:
 * the four columns read it over the same data with the same filters, and it groups only once.
 * `moving` shows a card in the column it was dropped on while its confirmation is open.
 */
export function boardGrouping() {
  let last: { tasks: TaskSummary[]; search: string; members: string[]; moving: Moving | null; groups: BoardGroups };
  return (tasks: TaskSummary[], search: string, members: string[], moving: Moving | null): BoardGroups => {
    if (last && last.tasks === tasks && last.search === search && last.members === members && last.moving === moving) {
      return last.groups;
    }
    let list = filterTasks(tasks, search, members);
    if (moving) list = applyMove(list, moving.taskId, moving.to);
    last = { tasks, search, members, moving, groups: groupByColumn(list) };
    return last.groups;
  };
}
type Moving = { taskId: string; to: BoardColumn };

export type DropAction =
  | { kind: 'none' }
  | { kind: 'save' }
  | { kind: 'confirm-review' }
  | { kind: 'confirm-complete' }
  | { kind: 'request-changes' }
  | { kind: 'refuse'; reason: string };

/**
 * What a drop means (spec §4): into ToDo or In Progress saves at once, Review and Complete ask
 * first; what the contract's stage rules refuse (`stageMoveRefusal`) is refused with its text. A task
 * in dispute stays where it is; the owner's drag of a priced task out of Review asks for the reason
 * of the change request (DESIGN §8).
 */
export function dropAction(task: TaskSummary, to: BoardColumn, isOwner: boolean): DropAction {
  const from = columnOf(task.stage);
  if (from === to) return { kind: 'none' };
  if (from !== 'Complete' && isInDispute(task)) return { kind: 'refuse', reason: TASK_MSG.inDispute };
  if (from === 'Review' && to !== 'Complete' && isOwner && task.price) return { kind: 'request-changes' };
  const refusal = stageMoveRefusal(task, to, isOwner);
  if (refusal) return { kind: 'refuse', reason: refusal };
  if (to === 'Review') return { kind: 'confirm-review' };
  if (to === 'Complete') return { kind: 'confirm-complete' };
  return { kind: 'save' };
}

/** Whether a card can be picked up at all. */
export const canDrag = (task: TaskSummary, isMember: boolean) =>
  isMember && task.stage !== 'Complete' && !isInDispute(task);

/** The board after a move: the card goes to the top of its new column (as the server does). */
export function applyMove(tasks: TaskSummary[], taskId: string, to: BoardColumn): TaskSummary[] {
  const task = tasks.find((t) => t.id === taskId);
  if (!task) return tasks;
  const first = groupByColumn(tasks.filter((t) => t.id !== taskId))[to][0];
  const stage: TaskStage = to === 'ToDo' && !task.assigneeID ? 'Unassigned' : to;
  return tasks.map((t) => (t.id === taskId ? { ...t, stage, position: positionBefore(first?.position) } : t));
}

/** Replaces a task by id, or adds it at the front (spec §4 store actions). */
export function upsertTask(tasks: TaskSummary[], task: TaskSummary): TaskSummary[] {
  const i = tasks.findIndex((t) => t.id === task.id);
  if (i === -1) return [task, ...tasks];
  const next = tasks.slice();
  next[i] = task;
  return next;
}

const DAY = 86_400_000;

/** The due-date label with days remaining (spec §9), counted in whole calendar days. */
export function dueLabel(
  dueDate: string | null,
  now = new Date(),
): { text: string; tone: 'default' | 'warning' | 'error' } | null {
  if (!dueDate) return null;
  const due = new Date(dueDate);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(due) - startOf(now)) / DAY);
  if (days < 0) return { text: `${-days} ${-days === 1 ? 'day' : 'days'} overdue`, tone: 'error' };
  if (days === 0) return { text: 'Due today', tone: 'warning' };
  return { text: `${days} ${days === 1 ? 'day' : 'days'} left`, tone: days <= 2 ? 'warning' : 'default' };
}

/**
 * A card's height before it is measured (px): padding and border, identifier line, the summary's
 * lines (at most 3, about 30 characters a line in a column) and the meta row. Close guesses keep
 * the column's scroll height steady while cards are measured (CLS).
 */
export function estimateCardHeight(task: TaskSummary): number {
  const lines = Math.min(3, Math.max(1, Math.ceil(task.summary.length / 30)));
  return 84 + lines * 20;
}
