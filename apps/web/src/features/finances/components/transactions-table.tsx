import { TRANSACTION_PAGE_SIZES } from '@devmarket/contract';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { stackedTableSx } from '../../../components/stacked-table';
import { useTransactions } from '../api/get-transactions';
import { AWAITING_PAYMENT, formatDateTime, isAwaitingPayment, isOutflow, settledTime, signedAmount } from './money';
import { StatusChip } from './status-chip';

/** 'All' pages through everything the API gives in one page. */
const ALL = -1;
const ALL_LIMIT = 1000;

/** Spec §2 Finances: Date, Type, Description (DESIGN §8, linking to the task), Amount, Status, Currency, Actions (Open). */
export function TransactionsTable() {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(TRANSACTION_PAGE_SIZES[0]);
  const limit = rowsPerPage === ALL ? ALL_LIMIT : rowsPerPage;
  const { data, isPending, isError } = useTransactions(page + 1, limit);

  if (isError) return <Typography color="error">Could not load your transactions.</Typography>;
  if (!isPending && data.total === 0) {
    return (
      <Box sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
        <ReceiptLongIcon sx={{ fontSize: 40, mb: 1 }} aria-hidden />
        <Typography>No transactions yet</Typography>
        <Typography variant="body2">Deposits, withdrawals and task payments show here.</Typography>
      </Box>
    );
  }
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Transactions" sx={[{ minWidth: 720 }, stackedTableSx]}>
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Currency</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending
              ? Array.from({ length: 3 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                  <TableRow key={i}>
                    <TableCell colSpan={7}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : data.items.map((t) => (
                  <TableRow key={t.id} hover>
                    <TableCell data-label="Date" sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(t.createdAt)}
                    </TableCell>
                    <TableCell data-label="Type" sx={{ whiteSpace: 'nowrap' }}>
                      {t.type}
                    </TableCell>
                    <TableCell data-label="Description" sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                      {t.taskID ? (
                        // The task page takes the task's id and shows it under its identifier.
                        <Link component={RouterLink} to={`/task/${t.taskID}`}>
                          {t.description}
                        </Link>
                      ) : (
                        t.description
                      )}
                    </TableCell>
                    <TableCell
                      data-label="Amount"
                      align="right"
                      sx={{
                        fontVariantNumeric: 'tabular-nums',
                        whiteSpace: 'nowrap',
                        color: isAwaitingPayment(t) ? 'text.secondary' : isOutflow(t) ? 'text.primary' : 'success.main',
                      }}
                    >
                      {isAwaitingPayment(t) ? AWAITING_PAYMENT : signedAmount(t)}
                    </TableCell>
                    <TableCell data-label="Status">
                      <StatusChip status={t.status} />
                      {t.status !== 'Pending' && settledTime(t).at && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                          {settledTime(t).label} {formatDateTime(settledTime(t).at as string)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell data-label="Currency">{t.currency}</TableCell>
                    <TableCell align="right">
                      <Button size="small" component={RouterLink} to={`/transaction/${t.id}`}>
                        Open
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={page}
        onPageChange={(_e, p) => setPage(p)}
        rowsPerPage={rowsPerPage}
        sx={{
          '.MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
          '.MuiTablePagination-toolbar': { px: { xs: 0.5, sm: 2 } },
        }}
        rowsPerPageOptions={[...TRANSACTION_PAGE_SIZES, { label: 'All', value: ALL }]}
        onRowsPerPageChange={(e) => {
          setRowsPerPage(Number(e.target.value));
          setPage(0);
        }}
      />
    </>
  );
}
