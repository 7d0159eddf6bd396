import type { TaskSummary } from '@devmarket/contract';
import { useDroppable } from '@dnd-kit/core';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useCallback } from 'react';
import { useProjectTasksSelect } from '../api/get-project-tasks';
import type { BoardGroups, BoardColumn as Column } from '../lib/board';
import { ColumnCardList } from './column-card-list';

const NO_TASKS: TaskSummary[] = [];

type Props = {
  column: Column;
  projectId: string;
  /** The board's columns from the project's tasks (with the board's filters); this column reads its own. */
  selectBoard: (tasks: TaskSummary[]) => BoardGroups;
  readOnly: boolean;
  /** The card being dragged, anywhere on the board. */
  activeId: string | null;
  canDragTask: (task: TaskSummary) => boolean;
  onOpen: (taskId: string) => void;
};

/**
 * One board column. It reads its own cards from the project's task list, so a change to one task
 * re-renders that task's column (and card), not the board.
 */
export const BoardColumn = memo(function BoardColumn({
  column,
  projectId,
  selectBoard,
  readOnly,
  activeId,
  canDragTask,
  onOpen,
}: Props) {
  const select = useCallback((all: TaskSummary[]) => selectBoard(all)[column], [selectBoard, column]);
  const tasks = useProjectTasksSelect(projectId, select).data ?? NO_TASKS;
  // A read-only column still takes drops, so the refusal can say why.
  const { setNodeRef, isOver } = useDroppable({ id: column });
  const headingId = `board-column-${column.replace(/\s/g, '-')}`;
  return (
    <Box
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      data-column={column}
      sx={{
        bgcolor: isOver ? 'rgba(63, 81, 224, 0.08)' : '#eef0f6',
        '.dark &': { bgcolor: isOver ? 'rgba(143, 156, 255, 0.14)' : '#1a2030' },
        outline: isOver ? '2px dashed' : 'none',
        outlineColor: 'primary.light',
        borderRadius: 3,
        p: 1.25,
        minWidth: { xs: 264, md: 0 },
        flex: { xs: '0 0 80%', sm: '0 0 300px', md: '1 1 0' },
        scrollSnapAlign: 'start',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 320,
        transition: 'background-color 120ms',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 0.5, pb: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {column}
        </Typography>
        <Chip
          label={tasks.length}
          size="small"
          sx={{ height: 20, fontSize: '0.72rem' }}
          aria-label={`${tasks.length} tasks`}
        />
        {readOnly && (
          <Tooltip title="Only the project owner can move tasks into Complete">
            <LockOutlinedIcon fontSize="small" sx={{ ml: 'auto', color: 'text.secondary' }} aria-label="Read-only" />
          </Tooltip>
        )}
      </Box>
      {tasks.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', py: 3 }}>
          No tasks
        </Typography>
      ) : (
        <ColumnCardList
          label={`${column} tasks`}
          tasks={tasks}
          activeId={activeId}
          canDragTask={canDragTask}
          onOpen={onOpen}
        />
      )}
    </Box>
  );
});
