import EventIcon from '@mui/icons-material/Event';
import Chip from '@mui/material/Chip';
import { dueLabel } from '../lib/board';
import { formatDateTime } from '../../../lib/format';

/** The due date with the days remaining (spec §9); the full date is its tooltip text. */
export function DueDateLabel({ dueDate }: { dueDate: string | null }) {
  const label = dueLabel(dueDate);
  if (!label || !dueDate) return null;
  return (
    <Chip
      icon={<EventIcon />}
      size="small"
      label={label.text}
      title={`Due ${formatDateTime(dueDate)}`}
      color={label.tone === 'default' ? 'default' : label.tone}
      variant="outlined"
      sx={{ height: 22, '& .MuiChip-label': { px: 0.75, fontSize: '0.72rem' } }}
    />
  );
}
