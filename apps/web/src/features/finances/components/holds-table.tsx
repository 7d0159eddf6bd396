import LockClockOutlinedIcon from '@mui/icons-material/LockClockOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useHolds } from '../api/get-holds';
import { formatDateTime, usd } from './money';

/** Below 600 px each row stacks its cells, each with its column's name (DESIGN §13 phones). */
const stacked = {
  '@media (max-width: 599.95px)': {
    '& thead': { display: 'none' },
    '& tr': { display: 'block', py: 1, borderBottom: 1, borderColor: 'divider' },
    '& td': {
      display: 'flex',
      // MUI reverses right-aligned cells; the label stays first.
      flexDirection: 'row',
      justifyContent: 'space-between',
      gap: 2,
      border: 0,
      py: 0.5,
      px: 0.5,
      textAlign: 'right',
      '&::before': {
        content: 'attr(data-label)',
        color: 'text.secondary',
        fontWeight: 400,
        textAlign: 'left',
        flexShrink: 0,
      },
    },
  },
} as const;

/** "Held in escrow": the money of the caller's assigned priced tasks, with the task, project, amount and since. */
export function HoldsTable() {
  const { data, isPending, isError } = useHolds();
  if (isError) return <Typography color="error">Could not load what is held in escrow.</Typography>;
  if (isPending) return <Skeleton variant="rounded" height={56} />;
  if (data.length === 0) {
    return (
      <Box sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
        <LockClockOutlinedIcon sx={{ fontSize: 32, mb: 0.5 }} aria-hidden />
        <Typography>Nothing is held in escrow</Typography>
        <Typography variant="body2">
          Assigning a priced task holds its price here until the task is completed or unassigned.
        </Typography>
      </Box>
    );
  }
  return (
    <Table size="small" aria-label="Held in escrow" sx={stacked}>
      <TableHead>
        <TableRow>
          <TableCell>Task</TableCell>
          <TableCell>Project</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Since</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((h) => (
          <TableRow key={h.taskID}>
            <TableCell data-label="Task" sx={{ overflowWrap: 'anywhere' }}>
              <Link component={RouterLink} to={`/task/${h.identifier}`}>
                {h.identifier} · {h.summary}
              </Link>
            </TableCell>
            <TableCell data-label="Project" sx={{ overflowWrap: 'anywhere' }}>
              {h.projectName}
            </TableCell>
            <TableCell
              data-label="Amount"
              align="right"
              sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
            >
              {usd(h.amount)} USDT
            </TableCell>
            <TableCell data-label="Since" sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(h.since)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
