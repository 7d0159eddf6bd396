import AddIcon from '@mui/icons-material/Add';
import ArrowOutwardIcon from '@mui/icons-material/ArrowOutward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { useCurrentUser } from '../../../lib/session';
import { useBalance } from '../api/get-balance';
import { useBalanceHistory } from '../api/get-balance-history';
import { BalanceChart } from '../components/balance-chart';
import { HoldsTable } from '../components/holds-table';
import { usd } from '../components/money';
import { TransactionsTable } from '../components/transactions-table';
import { useLiveBalance } from '../components/use-live-balance';
import { PendingTransactionAlert } from '../components/pending-transaction-alert';
import { TestModeNotice } from '../components/test-mode-notice';

/** /finances (spec §2): balance, Deposit and Withdraw, balance over time, the transactions table. */
export default function FinancesPage() {
  useDocumentTitle('Finances');
  useLiveBalance();
  const user = useCurrentUser();
  const balance = useBalance();
  const history = useBalanceHistory();
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Finances</Typography>
      {user?.pendingTransactionID && (
        <PendingTransactionAlert id={user.pendingTransactionID}>
          You have a pending transaction. A new deposit or withdrawal can start once it completes.
        </PendingTransactionAlert>
      )}
      <TestModeNotice />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1.4fr' } }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="overline" color="text.secondary">
            Balance
          </Typography>
          {balance.isPending ? (
            <Skeleton width={180} height={48} />
          ) : (
            <Typography
              variant="h2"
              component="p"
              sx={{ fontSize: '2.2rem', fontVariantNumeric: 'tabular-nums' }}
              aria-label="Balance"
            >
              {usd(balance.data?.balance ?? '0')} USDT
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            {balance.data && balance.data.held !== '0'
              ? `${usd(balance.data.held)} USDT held in escrow or pending withdrawals`
              : 'Available to spend or withdraw'}
          </Typography>
          <Stack direction="row" spacing={1.5}>
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/finances/deposit">
              Deposit
            </Button>
            <Button variant="outlined" startIcon={<ArrowOutwardIcon />} component={RouterLink} to="/finances/withdraw">
              Withdraw
            </Button>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="overline" color="text.secondary">
            Balance over time
          </Typography>
          <BalanceChart points={history.data} loading={history.isPending} />
        </Paper>
      </Box>
      <Paper variant="outlined" component="section" aria-labelledby="held-heading" sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Typography id="held-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
          Held in escrow
        </Typography>
        <HoldsTable />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
          Transactions
        </Typography>
        <TransactionsTable />
      </Paper>
    </Stack>
  );
}
