import { DndContext } from '@dnd-kit/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taskCard } from '../../../testing/fixtures';
import { ColumnCardList } from './column-card-list';

const tasks = Array.from({ length: 60 }, (_, i) =>
  taskCard({ id: `t${i + 1}`, identifier: `T-${i + 1}`, summary: `Task number ${i + 1}` }),
);

/**
 * jsdom lays nothing out: the list is 600 px tall and scrolls, each card 100 px (108 with the gap),
 * so about six cards are in view at a time.
 */
let scrollTop = 0;
function layOut() {
  const box = (el: Element, list: number, item: number) =>
    el.getAttribute('role') === 'list' ? list : el.getAttribute('role') === 'listitem' ? item : 0;
  return [
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return box(this, 600, 100);
    }),
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return box(this, 280, 280);
    }),
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return box(this, 600, 100);
    }),
    vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'list' ? scrollTop : 0;
    }),
  ];
}

function renderList(activeId: string | null = null) {
  return render(
    <DndContext>
      <ColumnCardList label="ToDo tasks" tasks={tasks} activeId={activeId} canDragTask={() => true} onOpen={() => {}} />
    </DndContext>,
  );
}

const mounted = () => screen.getAllByTestId('task-card').map((c) => c.querySelector('.dm-card-id')?.textContent);

describe('a board card', () => {
  it('is named by what it shows: identifier, summary, price and assignee (label in name)', () => {
    const priced = taskCard({
      identifier: 'T-7',
      summary: 'Ship the invoices',
      price: '150',
      Assignee: { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', image: null, imageURL: null, username: null },
    });
    render(
      <DndContext>
        <ColumnCardList
          label="ToDo tasks"
          tasks={[priced]}
          activeId={null}
          canDragTask={() => true}
          onOpen={() => {}}
        />
      </DndContext>,
    );
    const card = screen.getByRole('button', { name: /^T-7 Ship the invoices 150 USDT .*Ada Lovelace$/ });
    expect(card.getAttribute('aria-label')).toBeNull();
  });
});

describe('a virtualised board column', () => {
  let spies: ReturnType<typeof layOut>;
  beforeEach(() => {
    scrollTop = 0;
    spies = layOut();
  });
  afterEach(() => {
    for (const s of spies) s.mockRestore();
  });

  it('mounts only the cards in view (and a few beyond), in a named list that gives each card its place', () => {
    renderList();
    const list = screen.getByRole('list', { name: 'ToDo tasks' });
    const shown = mounted();
    expect(shown[0]).toBe('T-1');
    expect(shown.length).toBeGreaterThanOrEqual(6);
    expect(shown.length).toBeLessThan(15);
    const items = within(list).getAllByRole('listitem');
    expect(items[0].getAttribute('aria-setsize')).toBe('60');
    expect(items[0].getAttribute('aria-posinset')).toBe('1');
    // The list's height is the whole column's, so its scroll bar tells how long it is.
    expect(Number.parseInt((list.firstElementChild as HTMLElement).style.height, 10)).toBeGreaterThan(60 * 100);
  });

  it('mounts the cards that scroll into view, and unmounts those that leave', () => {
    renderList();
    const list = screen.getByRole('list', { name: 'ToDo tasks' });
    scrollTop = 40 * 108;
    act(() => {
      fireEvent.scroll(list);
    });
    const shown = mounted();
    expect(shown).toContain('T-41');
    expect(shown).not.toContain('T-1');
    expect(shown.length).toBeLessThan(20);
    const card = screen.getByRole('button', { name: /^T-41 / });
    expect(card.closest('[role="listitem"]')?.getAttribute('aria-posinset')).toBe('41');
  });

  it('keeps the dragged card and the focused card mounted however far the list scrolls', () => {
    const view = renderList();
    screen.getByRole('button', { name: /^T-2 / }).focus();
    view.rerender(
      <DndContext>
        <ColumnCardList label="ToDo tasks" tasks={tasks} activeId="t3" canDragTask={() => true} onOpen={() => {}} />
      </DndContext>,
    );
    scrollTop = 50 * 108;
    act(() => {
      fireEvent.scroll(screen.getByRole('list', { name: 'ToDo tasks' }));
    });
    const shown = mounted();
    expect(shown).toContain('T-51');
    expect(shown).toContain('T-2');
    expect(shown).toContain('T-3');
    expect(shown).not.toContain('T-1');
    expect(document.activeElement?.querySelector('.dm-card-id')?.textContent).toBe('T-2');
  });
});
