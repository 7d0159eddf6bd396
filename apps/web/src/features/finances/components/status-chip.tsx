import type { TransactionStatus } from '@devmarket/contract';
import Chip from '@mui/material/Chip';

const COLORS = { Pending: 'warning', Complete: 'success', Failed: 'error', Cancelled: 'default' } as const;

export function StatusChip({ status }: { status: TransactionStatus }) {
  return (
    <Chip size="small" label={status} color={COLORS[status]} variant={status === 'Pending' ? 'outlined' : 'filled'} />
  );
}
