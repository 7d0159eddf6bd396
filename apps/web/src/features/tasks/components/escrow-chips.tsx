import type { TaskSummary } from '@devmarket/contract';
import { escrowChipLabel, holdsEscrow } from '@devmarket/contract/task-rules';
import GavelIcon from '@mui/icons-material/Gavel';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import LockClockOutlinedIcon from '@mui/icons-material/LockClockOutlined';
import Chip from '@mui/material/Chip';
import { isInDispute, reviewCountdown, useNow } from '../lib/escrow';
import { formatDateTime } from '../../../lib/format';

const small = { height: 22, '& .MuiChip-label': { px: 0.75, fontSize: '0.72rem' } } as const;

/** "Auto-pays in 6 days" while a task waits in Review (DESIGN §8); hidden while a dispute freezes it. */
export function ReviewCountdown({ task }: { task: Pick<TaskSummary, 'stage' | 'reviewDeadline' | 'dispute'> }) {
  const now = useNow();
  if (task.stage !== 'Review' || !task.reviewDeadline || isInDispute(task)) return null;
  return (
    <Chip
      icon={<HourglassBottomIcon />}
      size="small"
      variant="outlined"
      color="info"
      label={reviewCountdown(task.reviewDeadline, now)}
      title={`Paid to the assignee automatically on ${formatDateTime(task.reviewDeadline)} unless the owner requests changes`}
      sx={small}
    />
  );
}

/** The escrow chip "150 USDT in escrow" and the "In dispute" chip of a card or the task dialog. */
export function EscrowChips({ task, size = 'small' }: { task: TaskSummary; size?: 'small' | 'medium' }) {
  const sx = size === 'small' ? small : undefined;
  return (
    <>
      {holdsEscrow(task) && task.price && (
        <Chip
          icon={<LockClockOutlinedIcon />}
          size="small"
          color="secondary"
          variant="outlined"
          label={escrowChipLabel(task.price)}
          sx={sx}
        />
      )}
      {isInDispute(task) && <Chip icon={<GavelIcon />} size="small" color="error" label="In dispute" sx={sx} />}
      <ReviewCountdown task={task} />
    </>
  );
}
