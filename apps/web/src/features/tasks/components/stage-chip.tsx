import type { TaskStage } from '@devmarket/contract';
import Chip from '@mui/material/Chip';

/** The stage, read-only: 'Unassigned' in grey, the other stages in the primary colour (spec §2). */
export function StageChip({ stage, size = 'small' }: { stage: TaskStage; size?: 'small' | 'medium' }) {
  return (
    <Chip
      label={stage}
      size={size}
      color={stage === 'Unassigned' ? 'default' : 'primary'}
      variant={stage === 'Complete' ? 'filled' : stage === 'Unassigned' ? 'filled' : 'outlined'}
      data-testid="task-stage"
      sx={{ fontWeight: 600 }}
    />
  );
}
