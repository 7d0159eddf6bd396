import type { ProjectWithUsers, TaskSummary } from '@devmarket/contract';
import { BOARD_COLUMNS } from '@devmarket/contract/task-rules';
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type PointerEvent, Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { projectTasksQueryOptions, useProjectTasks } from '../api/get-project-tasks';
import { useMoveTask } from '../api/move-task';
import { useTaskEvents } from '../api/task-events';
import { type BoardColumn as Column, boardGrouping, canDrag, dropAction } from '../lib/board';
import { BoardColumn } from './board-column';
import { ConfirmMoveDialog, type PendingMove } from './confirm-move-dialog';
import { MemberFilter } from './member-filter';
import { TaskCardBody } from './task-card';
import { TasksLoadError } from './tasks-load-error';

// The reason dialog opens only when the owner drags a priced task out of Review.
const ReasonDialog = lazy(() => import('./reason-dialog'));

export type BoardViewProps = { project: ProjectWithUsers; onOpenTask: (taskId: string) => void };

/** Mouse and pen start a drag after 5 px; touch goes through the TouchSensor (press and hold). */
class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: e }: PointerEvent) => e.isPrimary && e.button === 0 && e.pointerType !== 'touch',
    },
  ];
}

/**
 * Arrow keys jump a dragged card to the neighbouring column. The neighbour is counted from the
 * column the card is over, not from where the card's centre is: on a phone the board snaps
 * columns into place as it scrolls them in, so the centre lands a few pixels off the column's.
 * The card goes near the top of the target, and stays inside it however short that column is.
 */
const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const { droppableRects, collisionRect, over } = context;
  if (!collisionRect || !['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.code)) return undefined;
  event.preventDefault();
  if (event.code === 'ArrowUp' || event.code === 'ArrowDown') {
    return { ...currentCoordinates, y: currentCoordinates.y + (event.code === 'ArrowDown' ? 40 : -40) };
  }
  const right = event.code === 'ArrowRight';
  const columns = [...droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left);
  const at = over ? columns.findIndex(([id]) => id === over.id) : -1;
  let target = at === -1 ? undefined : columns[at + (right ? 1 : -1)]?.[1];
  if (at === -1) {
    const centre = collisionRect.left + collisionRect.width / 2;
    const rects = columns.map(([, r]) => r);
    target = right
      ? rects.find((r) => r.left + r.width / 2 > centre + 4)
      : rects.reverse().find((r) => r.left + r.width / 2 < centre - 4);
  }
  if (!target) return currentCoordinates;
  const top = target.top + 48;
  return {
    x: target.left + (target.width - collisionRect.width) / 2,
    y: Math.min(Math.max(top, currentCoordinates.y), Math.max(top, target.bottom - collisionRect.height - 8)),
  };
};

const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

const announcements = {
  onDragStart: () => 'Picked up task. Use the arrow keys to choose a column, Space to drop.',
  onDragOver: ({ over }: { over: { id: string | number } | null }) =>
    over ? `Over ${over.id}.` : 'Not over a column.',
  onDragEnd: ({ over }: { over: { id: string | number } | null }) => (over ? `Dropped in ${over.id}.` : 'Dropped.'),
  onDragCancel: () => 'Move cancelled.',
};

/** The board (spec §2, §4): four columns, drag and drop, search and the team-member quick filter. */
export function BoardView({ project, onOpenTask }: BoardViewProps) {
  const me = useCurrentUser();
  const isOwner = !!me && me.id === project.ownerID;
  const isMember = isOwner || (!!me && project.users.some((u) => u.userID === me.id));
  // The board reads only the load state: each column selects its own cards, so a change to one
  // task (a move, a realtime event) re-renders that task's column, not the board.
  const { isPending, isError, refetch } = useProjectTasks(project.id);
  // The columns' first draw (up to a screenful of cards each) is the board's largest: drawn from
  // this deferred flag it is a transition React pauses every few milliseconds, so it never blocks
  // input as one long task (issue 33: total blocking time). The skeleton stays meanwhile. A server
  // render has no input to keep answering, and the build's draws the columns for their styles
  // (src/prerender.tsx).
  const columnsShown = useDeferredValue(!isPending, typeof window === 'undefined' && !isPending);
  useTaskEvents(project.id);
  const move = useMoveTask(project.id);
  const qc = useQueryClient();
  const taskById = (id: string | number) =>
    qc.getQueryData(projectTasksQueryOptions(project.id).queryKey)?.find((t) => t.id === id);

  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [members, setMembers] = useState<string[]>([]);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [active, setActive] = useState<TaskSummary | null>(null);
  const [changeRequest, setChangeRequest] = useState<TaskSummary | null>(null);

  const grouping = useMemo(boardGrouping, []);
  // While a confirmation is open the card already shows in the column it was dropped on.
  const moving = useMemo(() => (pending ? { taskId: pending.task.id, to: pending.to } : null), [pending]);
  const selectBoard = useCallback(
    (tasks: TaskSummary[]) => grouping(tasks, deferredSearch, members, moving),
    [grouping, deferredSearch, members, moving],
  );

  const canDragTask = useCallback((t: TaskSummary) => canDrag(t, isMember), [isMember]);
  // The page passes a new function on each of its renders; the cards get one that never changes.
  const openTask = useRef(onOpenTask);
  openTask.current = onOpenTask;
  const onOpen = useCallback((taskId: string) => openTask.current(taskId), []);

  const sensors = useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const onDragStart = (e: DragStartEvent) => setActive(taskById(e.active.id) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActive(null);
    const task = taskById(active.id);
    if (!task || !over) return;
    const to = over.id as Column;
    const action = dropAction(task, to, isOwner);
    if (action.kind === 'refuse') notify(action.reason, { variant: 'warning' });
    else if (action.kind === 'save') move.mutate({ taskId: task.id, to });
    else if (action.kind === 'confirm-review') setPending({ task, to: 'Review' });
    else if (action.kind === 'confirm-complete') setPending({ task, to: 'Complete' });
    else if (action.kind === 'request-changes') setChangeRequest(task);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          placeholder="Search tasks..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          size="small"
          sx={{ maxWidth: { sm: 320 } }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search tasks' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <MemberFilter users={project.users} selected={members} onChange={setMembers} />
      </Box>
      {isError ? (
        <TasksLoadError onRetry={() => refetch()} />
      ) : isPending || !columnsShown ? (
        <Box sx={{ display: 'flex', gap: 2, overflow: 'hidden' }} role="status" aria-label="Loading tasks">
          {BOARD_COLUMNS.map((c) => (
            <Skeleton key={c} variant="rounded" height={320} sx={{ flex: { xs: '0 0 80%', md: '1 1 0' } }} />
          ))}
        </Box>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActive(null)}
          accessibility={{ announcements }}
        >
          <Box
            sx={{
              display: 'flex',
              gap: 2,
              alignItems: 'flex-start',
              overflowX: 'auto',
              scrollSnapType: { xs: 'x mandatory', md: 'none' },
              pb: 1,
            }}
          >
            {BOARD_COLUMNS.map((c) => (
              <BoardColumn
                key={c}
                column={c}
                projectId={project.id}
                selectBoard={selectBoard}
                readOnly={c === 'Complete' && !isOwner}
                activeId={active?.id ?? null}
                canDragTask={canDragTask}
                onOpen={onOpen}
              />
            ))}
          </Box>
          <DragOverlay dropAnimation={null}>{active ? <TaskCardBody task={active} overlay /> : null}</DragOverlay>
        </DndContext>
      )}
      <ConfirmMoveDialog
        pending={pending}
        onCancel={() => setPending(null)}
        onContinue={() => {
          if (pending) move.mutate({ taskId: pending.task.id, to: pending.to });
          setPending(null);
        }}
      />
      {changeRequest && (
        <Suspense fallback={null}>
          <ReasonDialog
            kind="request-changes"
            projectId={project.id}
            task={changeRequest}
            onClose={() => setChangeRequest(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
