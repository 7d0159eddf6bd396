import type { TaskSummary } from '@devmarket/contract';
import { useDroppable } from '@dnd-kit/core';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import type { BoardColumn as Column } from '../lib/board';
import { TaskCard } from './task-card';

/** Cards rendered at first per column; the rest on demand keeps a 500-task board light. */
const PAGE = 60;

type Props = {
  column: Column;
  tasks: TaskSummary[];
  readOnly: boolean;
  canDragTask: (task: TaskSummary) => boolean;
  onOpen: (taskId: string) => void;
};

export const BoardColumn = memo(function BoardColumn({ column, tasks, readOnly, canDragTask, onOpen }: Props) {
  // A read-only column still takes drops, so the refusal can say why.
  const { setNodeRef, isOver } = useDroppable({ id: column });
  const [limit, setLimit] = useState(PAGE);
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
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {tasks.slice(0, limit).map((t) => (
          <TaskCard key={t.id} task={t} draggable={canDragTask(t)} onOpen={onOpen} />
        ))}
        {tasks.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', py: 3 }}>
            No tasks
          </Typography>
        )}
        {tasks.length > limit && (
          <Button size="small" onClick={() => setLimit((l) => l + PAGE * 2)}>
            Show {Math.min(tasks.length - limit, PAGE * 2)} more
          </Button>
        )}
      </Box>
    </Box>
  );
});
