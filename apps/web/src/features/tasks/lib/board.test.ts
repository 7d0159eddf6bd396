import type { TaskSummary } from '@devmarket/contract';
import { describe, expect, it } from 'vitest';
import { openDispute, taskCard } from '../../../testing/fixtures';
import {
  applyMove,
  boardGrouping,
  canDrag,
  dropAction,
  dueLabel,
  estimateCardHeight,
  filterTasks,
  groupByColumn,
  upsertTask,
} from './board';

const task = (over: Partial<TaskSummary>) => taskCard({ id: over.identifier ?? 'x', ...over });

describe('board helpers', () => {
  const tasks = [
    task({ identifier: 'T-1', stage: 'Unassigned', assigneeID: null, summary: 'Login page' }),
    task({ identifier: 'T-2', stage: 'ToDo', summary: 'Signup' }),
    task({ identifier: 'T-3', stage: 'Review', assigneeID: 'u2', summary: 'LOGIN api' }),
    task({ identifier: 'T-4', stage: 'Complete' }),
  ];

  it('groups Unassigned into ToDo, newest first at equal positions', () => {
    const g = groupByColumn(tasks);
    expect(g.ToDo.map((t) => t.identifier)).toEqual(['T-2', 'T-1']);
    expect(g.Review).toHaveLength(1);
    expect(g['In Progress']).toHaveLength(0);
    expect(g.Complete).toHaveLength(1);
  });

  it('orders equal positions by the number in the identifier, newest first (10 after 9)', () => {
    const ids = ['T-9', 'T-10', 'T-2', 'T-100', 'T-1'];
    const g = groupByColumn(ids.map((identifier) => task({ identifier, stage: 'ToDo', position: 'a0' })));
    expect(g.ToDo.map((t) => t.identifier)).toEqual(['T-100', 'T-10', 'T-9', 'T-2', 'T-1']);
  });

  it('filters by summary and by assignee', () => {
    expect(filterTasks(tasks, 'login', []).map((t) => t.identifier)).toEqual(['T-1', 'T-3']);
    expect(filterTasks(tasks, '', ['u2']).map((t) => t.identifier)).toEqual(['T-3']);
    expect(filterTasks(tasks, 'login', ['u1'])).toEqual([]);
  });

  it('decides what a drop means (spec §4)', () => {
    const [unassigned, todo, review, complete] = tasks;
    expect(dropAction(todo, 'ToDo', false).kind).toBe('none');
    expect(dropAction(todo, 'In Progress', false).kind).toBe('save');
    expect(dropAction(todo, 'Review', false).kind).toBe('confirm-review');
    expect(dropAction(review, 'Complete', false).kind).toBe('refuse');
    expect(dropAction(review, 'Complete', true).kind).toBe('confirm-complete');
    expect(dropAction(complete, 'ToDo', true).kind).toBe('refuse');
    expect(dropAction(unassigned, 'In Progress', true).kind).toBe('refuse');
    expect(canDrag(complete, true)).toBe(false);
    expect(canDrag(todo, false)).toBe(false);
    expect(canDrag(todo, true)).toBe(true);
  });

  it('asks the owner for a reason when a priced task leaves Review, and freezes a disputed task (DESIGN §8)', () => {
    const priced = task({ stage: 'Review', price: '40' });
    expect(dropAction(priced, 'In Progress', true).kind).toBe('request-changes');
    expect(dropAction(priced, 'ToDo', true).kind).toBe('request-changes');
    expect(dropAction(priced, 'Complete', true).kind).toBe('confirm-complete');
    expect(dropAction(priced, 'In Progress', false).kind).toBe('save');
    expect(dropAction(task({ stage: 'Review' }), 'In Progress', true).kind).toBe('save');
    const dispute = openDispute('2030-01-01T00:00:00.000Z');
    const disputed = task({ stage: 'In Progress', price: '40', dispute });
    expect(dropAction(disputed, 'Review', true)).toEqual({ kind: 'refuse', reason: 'This task is in dispute' });
    expect(canDrag(disputed, true)).toBe(false);
    expect(canDrag({ ...disputed, dispute: { ...dispute, status: 'Resolved' } }, true)).toBe(true);
  });

  it('moves a card to the top of its new column and back into Unassigned without assignee', () => {
    const moved = applyMove(tasks, 'T-2', 'Review');
    expect(groupByColumn(moved).Review.map((t) => t.identifier)).toEqual(['T-2', 'T-3']);
    expect(moved.find((t) => t.id === 'T-2')?.stage).toBe('Review');
    expect(applyMove(tasks, 'nope', 'Review')).toBe(tasks);
  });

  it('upserts a task by id or adds it at the front', () => {
    const changed = upsertTask(tasks, { ...tasks[1], summary: 'Changed' });
    expect(changed[1].summary).toBe('Changed');
    expect(upsertTask(tasks, task({ identifier: 'T-9' }))[0].identifier).toBe('T-9');
  });

  it('labels due dates with the days remaining', () => {
    const now = new Date(2030, 0, 10, 9, 0);
    expect(dueLabel(null, now)).toBeNull();
    expect(dueLabel(new Date(2030, 0, 13, 18).toISOString(), now)).toEqual({ text: '3 days left', tone: 'default' });
    expect(dueLabel(new Date(2030, 0, 11, 18).toISOString(), now)?.text).toBe('1 day left');
    expect(dueLabel(new Date(2030, 0, 10, 18).toISOString(), now)?.text).toBe('Due today');
    expect(dueLabel(new Date(2030, 0, 8, 18).toISOString(), now)).toEqual({ text: '2 days overdue', tone: 'error' });
  });

  it('groups the board once for its four columns, and shows a card being confirmed in its new column', () => {
    const grouping = boardGrouping();
    const none: string[] = [];
    const first = grouping(tasks, '', none, null);
    expect(grouping(tasks, '', none, null)).toBe(first);
    expect(first.ToDo.map((t) => t.identifier)).toEqual(['T-2', 'T-1']);
    const moving = { taskId: tasks[1].id, to: 'Review' as const };
    const moved = grouping(tasks, '', none, moving);
    expect(moved.Review.map((t) => t.identifier)).toEqual(['T-2', 'T-3']);
    expect(grouping(tasks, 'login', none, null).ToDo.map((t) => t.identifier)).toEqual(['T-1']);
  });

  it('estimates a card from its summary: one to three lines', () => {
    expect(estimateCardHeight(task({ summary: 'Short' }))).toBe(104);
    expect(estimateCardHeight(task({ summary: 'x'.repeat(45) }))).toBe(124);
    expect(estimateCardHeight(task({ summary: 'x'.repeat(500) }))).toBe(144);
  });
});
