import { type AdminTransaction, tryParseMoney } from '@devmarket/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { stackedTableSx } from '../../../components/stacked-table';
import { api, handleFailure } from '../../../lib/api-client';
import { formatDateTime, formatUsd, formatUsdt } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { HotWalletCard } from './hot-wallet-card';
import { adminKeys } from '../api/keys';

const pendingQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.pendingTransactions,
    queryFn: () => api.get('/admin/transactions', { query: { status: 'Pending' } }),
    refetchInterval: 15_000,
  });

/** Staff console: the hot wallet (when the chain rails are on) and the pending transactions. */
export function TransactionsPanel() {
  return (
    <Stack spacing={2}>
      <HotWalletCard />
      <PendingTransactions />
    </Stack>
  );
}

/** Pending transactions. Confirm a deposit with the amount received, pay or fail a withdrawal. */
function PendingTransactions() {
  const { data, isPending, isError } = useQuery(pendingQueryOptions());
  if (isPending) return <Skeleton variant="rounded" height={160} />;
  if (isError) return <Typography color="error">Could not load pending transactions.</Typography>;
  if (data.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
        <Typography color="text.secondary">No pending transactions</Typography>
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Pending transactions" sx={[{ minWidth: 820 }, stackedTableSx]}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>User</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Currency</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Address</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((t) => (
            <PendingRow key={t.id} t={t} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PendingRow({ t }: { t: AdminTransaction }) {
  const qc = useQueryClient();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  // DESIGN §19 (issue 28.4): crediting a deposit is confirmed first, naming the user and amount.
  const [confirming, setConfirming] = useState(false);
  const done = () => qc.invalidateQueries({ queryKey: adminKeys.transactions });
  const complete = useMutation({
    mutationFn: (body: { amount?: string }) =>
      api.post('/admin/transactions/:id/complete', { params: { id: t.id }, body }),
    onSuccess: () => {
      setConfirming(false);
      notify(t.type === 'Deposit' ? 'Deposit confirmed' : 'Withdrawal paid', {
        text: t.type === 'Deposit' ? `${formatUsd(amount)} USDT credited to ${t.user.email}` : undefined,
      });
      return done();
    },
    onError: (err) => {
      setConfirming(false);
      handleFailure(err, (errors) => setAmountError(errors.amount ?? null));
    },
  });
  const fail = useMutation({
    mutationFn: () => api.post('/admin/transactions/:id/fail', { params: { id: t.id } }),
    onSuccess: () => {
      notify('Transaction failed', { variant: 'info' });
      return done();
    },
    onError: (err) => handleFailure(err),
  });
  const busy = complete.isPending || fail.isPending;
  const name = `${t.user.firstName} ${t.user.lastName}`.trim();
  const confirmDeposit = () => {
    const v = tryParseMoney(amount);
    if (v === null || v <= 0n) return setAmountError('Enter the amount received in USDT');
    setAmountError(null);
    setConfirming(true);
  };
  return (
    <TableRow>
      <TableCell data-label="Date" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(t.createdAt)}
      </TableCell>
      <TableCell>
        <Typography variant="body2">{name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t.user.email}
        </Typography>
      </TableCell>
      <TableCell data-label="Type">{t.type}</TableCell>
      <TableCell data-label="Currency">{t.currency}</TableCell>
      <TableCell data-label="Amount" align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatUsd(t.amount)}
      </TableCell>
      <TableCell
        data-label="Address"
        sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', maxWidth: 220 }}
      >
        {t.address}
      </TableCell>
      <TableCell align="right">
        <Stack
          component="form"
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'flex-end', alignItems: 'flex-start' }}
          onSubmit={(e) => {
            e.preventDefault();
            if (t.type === 'Deposit') confirmDeposit();
          }}
        >
          {t.type === 'Deposit' ? (
            <>
              <TextField
                size="small"
                label="Amount received (USDT)"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                error={Boolean(amountError)}
                helperText={amountError ?? undefined}
                disabled={busy}
                sx={{ width: 180 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Amount received for ${t.user.email}` } }}
              />
              <Button type="submit" variant="contained" size="small" disabled={busy} sx={{ mt: 0.5 }}>
                Confirm
              </Button>
            </>
          ) : (
            <Button
              variant="contained"
              size="small"
              disabled={busy}
              onClick={() => complete.mutate({})}
              sx={{ mt: 0.5 }}
            >
              Pay now
            </Button>
          )}
          <Button color="error" size="small" disabled={busy} onClick={() => fail.mutate()} sx={{ mt: 0.5 }}>
            Fail
          </Button>
        </Stack>
        <ConfirmCreditDialog
          open={confirming}
          amount={amount.trim()}
          name={name || t.user.email}
          email={t.user.email}
          busy={complete.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => complete.mutate({ amount: amount.trim() })}
        />
      </TableCell>
    </TableRow>
  );
}

/** "Credit 250.00 USDT to Aisha Khan?": the last look before money reaches a balance. */
function ConfirmCreditDialog(props: {
  open: boolean;
  amount: string;
  name: string;
  email: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const usdt = formatUsdt(props.amount);
  return (
    <Dialog open={props.open} onClose={props.busy ? undefined : props.onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        Credit {usdt} to {props.name}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {usdt} will be added to the available balance of {props.name} ({props.email}) at once. Check that this is the
          amount that arrived: a credit cannot be undone from the console.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={props.onConfirm} loading={props.busy}>
          Credit {usdt}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
