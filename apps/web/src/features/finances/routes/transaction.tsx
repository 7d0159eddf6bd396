import { addressNetwork, MONEY_MSG, type TransactionDetail } from '@devmarket/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageLoading } from '../../../components/loading';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { ApiError, handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCancelTransaction } from '../api/cancel-transaction';
import { useTransaction } from '../api/get-transaction';
import { DepositStatus } from '../components/deposit-status';
import {
  AWAITING_PAYMENT,
  counterpartyText,
  formatDateTime,
  isAwaitingPayment,
  signedAmount,
  timeLeft,
  settledTime,
} from '../components/money';
import { StatusChip } from '../components/status-chip';
import { useLiveBalance, useNow } from '../components/use-live-balance';

/** /transaction/{transactionID}: type, status timeline, amount, currency, address, task or project, times. */
export default function TransactionPage() {
  const { transactionID } = useParams();
  useDocumentTitle('Transaction');
  useLiveBalance();
  const { data: t, isPending, error } = useTransaction(transactionID);
  if (isPending) return <PageLoading />;
  if (error || !t) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
        <Typography variant="h1" gutterBottom>
          {missing ? 'Transaction not found' : 'Could not load the transaction'}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/finances" sx={{ mt: 2 }}>
          Back to Finances
        </Button>
      </Paper>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 760, mx: 'auto' }}>
      <Button component={RouterLink} to="/finances" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        Finances
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h1">{t.type}</Typography>
          <StatusChip status={t.status} />
        </Stack>
        <Typography variant="h2" component="p" sx={{ mt: 1, fontVariantNumeric: 'tabular-nums' }}>
          {isAwaitingPayment(t) ? AWAITING_PAYMENT : `${signedAmount(t)} USDT`}
        </Typography>
        <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>{t.description}</Typography>
        {t.counterparty && <Typography color="text.secondary">{counterpartyText(t)}</Typography>}
        {t.type === 'Withdrawal' && t.status === 'Pending' && <CancelWithdrawal id={t.id} />}
        <Divider sx={{ my: 3 }} />
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1.3fr 1fr' } }}>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5 }}
          >
            <Row label="Type">{t.type}</Row>
            <Row label="Status">{t.status}</Row>
            <Row label="Amount">{isAwaitingPayment(t) ? AWAITING_PAYMENT : `${signedAmount(t)} USDT`}</Row>
            <Row label="Currency">{t.currency}</Row>
            {t.address && addressNetwork(t.currency, t.address) && (
              <Row label="Network">{addressNetwork(t.currency, t.address)}</Row>
            )}
            {t.address && (
              <Row label="Address">
                <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {t.address}
                </Box>
              </Row>
            )}
            {t.txHash && (
              <Row label="Transaction hash">
                {t.explorerUrl ? (
                  <Link
                    href={t.explorerUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                  >
                    {t.txHash}
                  </Link>
                ) : (
                  <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {t.txHash}
                  </Box>
                )}
              </Row>
            )}
            {t.status === 'Pending' && t.confirmations !== null && t.confirmationsRequired !== null && (
              <Row label="Confirmations">
                {t.confirmations} of {t.confirmationsRequired}
              </Row>
            )}
            {t.task && (
              <Row label="Task">
                <Link component={RouterLink} to={`/task/${t.task.identifier}`}>
                  {t.task.identifier} · {t.task.summary}
                </Link>
              </Row>
            )}
            {t.project && (
              <Row label="Project">
                <Link component={RouterLink} to={`/project/${t.project.handle}`}>
                  {t.project.name}
                </Link>
              </Row>
            )}
            <Row label="Created">{formatDateTime(t.createdAt)}</Row>
            <Row label={settledTime(t).label}>
              {settledTime(t).at ? formatDateTime(settledTime(t).at as string) : '—'}
            </Row>
            {t.failureReason && <Row label="Reason">{t.failureReason}</Row>}
          </Box>
          <Timeline t={t} />
        </Box>
      </Paper>
      {t.type === 'Deposit' && t.status === 'Pending' && (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
          <DepositStatus transaction={t} />
        </Paper>
      )}
    </Stack>
  );
}

/** The owner takes back a pending withdrawal before it is sent (DESIGN §13). */
function CancelWithdrawal({ id }: { id: string }) {
  const cancel = useCancelTransaction();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        Changed your mind? Cancel before the pending window ends and the amount goes back to your balance.
      </Typography>
      <Button
        variant="outlined"
        color="error"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(id, {
            onSuccess: () => notify(MONEY_MSG.cancelled),
            onError: (err) => handleFailure(err),
          })
        }
      >
        Cancel withdrawal
      </Button>
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** Created → Pending → Complete, Failed or Cancelled. */
function Timeline({ t }: { t: TransactionDetail }) {
  const now = useNow();
  const settled = t.status !== 'Pending';
  const settledAt = settledTime(t).at;
  const left = t.expiresAt ? timeLeft(t.expiresAt, now) : null;
  return (
    <Box aria-label="Status timeline" role="group">
      <Typography variant="overline" color="text.secondary">
        Timeline
      </Typography>
      <Stepper orientation="vertical" activeStep={settled ? 3 : 1}>
        <Step completed>
          <StepLabel optional={<Typography variant="caption">{formatDateTime(t.createdAt)}</Typography>}>
            Created
          </StepLabel>
        </Step>
        {(t.type === 'Deposit' || t.type === 'Withdrawal') && (
          <Step completed={settled}>
            <StepLabel>Pending</StepLabel>
            <StepContent>
              <Typography variant="body2" color="text.secondary">
                {left ? `${left} left in the pending window` : 'Being processed'}
              </Typography>
            </StepContent>
          </Step>
        )}
        <Step completed={settled}>
          <StepLabel
            error={t.status === 'Failed'}
            optional={settledAt ? <Typography variant="caption">{formatDateTime(settledAt)}</Typography> : undefined}
          >
            {t.status === 'Pending' ? 'Complete' : t.status}
          </StepLabel>
        </Step>
      </Stepper>
    </Box>
  );
}
