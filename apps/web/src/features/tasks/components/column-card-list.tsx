import type { TaskSummary } from '@devmarket/contract';
import {
  defaultRangeExtractor,
  elementScroll,
  type Range,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { type FocusEvent, useCallback, useRef } from 'react';
import { estimateCardHeight } from '../lib/board';
import { TaskCard } from './task-card';
import './column-card-list.css';

/** Space between cards (px), as the column's stack had. */
const GAP = 8;
/** Room for a focused card's ring inside the scroll box (px). */
const RING = 3;
/** Cards mounted beyond each edge of the visible part: Tab reaches the next card before it scrolls in. */
const OVERSCAN = 4;
/** The list's size before it is measured: about a screen of cards, so the first render is the right one. */
const INITIAL_RECT = { width: 280, height: 640 };

/**
 * The list's size as the virtualiser sees it, from its ResizeObserver, whose callbacks come after
 * the browser's own layout: until the first, and while the list has no layout (a test's DOM), a
 * screen of cards (INITIAL_RECT). The library's own observer also reads the size at once, which
 * forced a layout of the whole board inside the columns' first commit (issue 33).
 */
const observeListRect = (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: typeof INITIAL_RECT) => void) => {
  const element = instance.scrollElement;
  const Observer = instance.targetWindow?.ResizeObserver;
  if (!element || !Observer) return;
  const observer = new Observer(() => {
    const { width, height } = element.getBoundingClientRect();
    cb(height > 0 ? { width: Math.round(width), height: Math.round(height) } : INITIAL_RECT);
  });
  observer.observe(element);
  return () => observer.unobserve(element);
};

/** Lists the virtualiser has attached to (a list's first scroll request is its attach). */
const attachedLists = new WeakSet<Element>();

/**
 * Scrolls a list as the library does, except when it attaches to a new list and asks it to stay
 * at the top, where a new list already is: that scroll forced a layout of the whole board inside
 * the columns' first commit (issue 33). Every later request scrolls.
 */
const scrollList: typeof elementScroll<HTMLDivElement> = (offset, options, instance) => {
  const list = instance.scrollElement;
  if (list && !attachedLists.has(list)) {
    attachedLists.add(list);
    if (offset === 0 && !options.adjustments) return;
  }
  elementScroll(offset, options, instance);
};

/**
 * A card's height from its ResizeObserver entry, which arrives after the browser's own layout. A
 * card that has just mounted keeps the height the list has for it (measured before, else
 * estimated) instead of being read at once: that read forced a layout of the whole board inside
 * the columns' first commit, one task of 300 ms on a phone's CPU (issue 33: total blocking time).
 */
const measureCard = (
  el: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
) => {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(el);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
};

type Props = {
  label: string;
  tasks: TaskSummary[];
  /** The card being dragged: it stays mounted however far its list scrolls (dnd-kit measures it). */
  activeId: string | null;
  canDragTask: (task: TaskSummary) => boolean;
  onOpen: (taskId: string) => void;
};

/**
 * A column's cards in their own scroll box, virtualised: only the cards on screen (and a few
 * beyond) are mounted, each measured once it renders, so a 500-task column costs what a screenful
 * does. The box is a named list; each card says its place in the whole column (aria-posinset).
 * The dragged card and the focused card stay mounted while the list scrolls.
 */
export function ColumnCardList({ label, tasks, activeId, canDragTask, onOpen }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusedId = useRef<string | null>(null);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      for (const id of [activeId, focusedId.current]) {
        const i = id ? tasks.findIndex((t) => t.id === id) : -1;
        if (i !== -1 && !indexes.includes(i)) indexes.push(i);
      }
      return indexes.sort((a, b) => a - b);
    },
    [activeId, tasks],
  );

  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: useCallback((i: number) => estimateCardHeight(tasks[i]), [tasks]),
    getItemKey: useCallback((i: number) => tasks[i].id, [tasks]),
    rangeExtractor,
    overscan: OVERSCAN,
    gap: GAP,
    paddingStart: RING,
    paddingEnd: RING,
    initialRect: INITIAL_RECT,
    observeElementRect: observeListRect,
    measureElement: measureCard,
    scrollToFn: scrollList,
  });

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    focusedId.current = e.target.closest<HTMLElement>('[data-task-id]')?.dataset.taskId ?? null;
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) focusedId.current = null;
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the virtualiser puts a sizing box between the list and its items, which a <ul> may not hold.
    <div
      ref={scrollRef}
      className="dm-column-list"
      role="list"
      aria-label={label}
      data-testid="column-card-list"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="dm-column-list-size" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const task = tasks[item.index];
          return (
            // biome-ignore lint/a11y/useSemanticElements: an item of the role="list" above (a <li> needs a <ul> parent).
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              className="dm-column-item"
              role="listitem"
              aria-setsize={tasks.length}
              aria-posinset={item.index + 1}
              data-index={item.index}
              data-task-id={task.id}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <TaskCard task={task} draggable={canDragTask(task)} onOpen={onOpen} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
