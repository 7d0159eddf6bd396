import { holdsEscrow, type TaskSummary } from '@devmarket/contract';
import { useDraggable } from '@dnd-kit/core';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, memo } from 'react';
import { formatUsdt } from '../../../lib/format';
import { DueDateLabel } from './due-date-label';
import { EscrowChips } from './escrow-chips';
import { PersonAvatar } from './person-avatar';

type CardBodyProps = { task: TaskSummary; dragging?: boolean; overlay?: boolean };

/** What a card shows: identifier, summary, price or escrow, dispute, review countdown, due date, assignee. */
export function TaskCardBody({ task, dragging, overlay }: CardBodyProps) {
  // A finished task reads as done: muted surface and a check beside its identifier (DESIGN §13).
  const done = task.stage === 'Complete';
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 1.5,
        borderRadius: 2,
        bgcolor: done ? 'action.hover' : 'background.paper',
        opacity: dragging ? 0.35 : 1,
        boxShadow: overlay ? 6 : 0,
        transition: 'box-shadow 120ms, border-color 120ms',
        '&:hover': { borderColor: 'primary.light' },
        cursor: overlay ? 'grabbing' : 'pointer',
      }}
    >
      <Typography
        variant="caption"
        sx={{ color: 'text.secondary', fontWeight: 600, letterSpacing: 0.3, display: 'flex', gap: 0.5 }}
      >
        {done && <CheckCircleIcon sx={{ fontSize: 16, color: 'success.main' }} aria-label="Complete" />}
        {task.identifier}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          fontWeight: 500,
          color: done ? 'text.secondary' : 'text.primary',
          mt: 0.25,
          mb: 1,
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
        }}
      >
        {task.summary}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
        {task.price && !holdsEscrow(task) && (
          // On the muted surface of a done card the accent colour falls under 4.5:1 contrast.
          <Typography variant="caption" sx={{ fontWeight: 700, color: done ? 'text.primary' : 'secondary.main' }}>
            {formatUsdt(task.price)}
          </Typography>
        )}
        <EscrowChips task={task} />
        {!done && <DueDateLabel dueDate={task.dueDate} />}
        <Box sx={{ ml: 'auto' }}>
          {task.Assignee ? (
            <PersonAvatar person={task.Assignee} size={28} />
          ) : (
            <Tooltip title="Unassigned">
              <Avatar aria-label="Unassigned" sx={{ width: 28, height: 28, bgcolor: 'grey.200', color: 'grey.600' }}>
                <PersonOutlineIcon fontSize="small" />
              </Avatar>
            </Tooltip>
          )}
        </Box>
      </Box>
    </Paper>
  );
}

type Props = { task: TaskSummary; draggable: boolean; onOpen: (taskId: string) => void };

/** A board card: draggable (mouse, touch, keyboard with Space) when allowed; click or Enter opens it. */
export const TaskCard = memo(function TaskCard({ task, draggable, onOpen }: Props) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: task.id, disabled: !draggable });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onOpen(task.id);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  return (
    <Box
      ref={setNodeRef}
      {...(draggable ? attributes : { role: 'button', tabIndex: 0 })}
      {...(draggable ? listeners : {})}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(task.id)}
      aria-label={`${task.identifier} ${task.summary}`}
      data-testid="task-card"
      data-stage={task.stage}
      sx={{
        touchAction: draggable ? 'manipulation' : undefined,
        borderRadius: 2,
        outline: 'none',
        '&:focus-visible > *': {
          borderColor: 'primary.main',
          boxShadow: (t) => `0 0 0 2px ${t.palette.primary.light}`,
        },
      }}
    >
      <TaskCardBody task={task} dragging={isDragging} />
    </Box>
  );
});
