import {
  confirmationsText,
  DEPOSIT_QR,
  depositLabel,
  depositNetworkOf,
  NETWORK_LABELS,
  type TransactionDetail,
} from '@devmarket/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDepositOptions } from '../api/get-money-config';
import { AWAITING_PAYMENT, isAwaitingPayment, timeLeft, usd } from './money';
import { TestModeNotice } from './test-mode-notice';
import { useNow } from './use-live-balance';

/** A deposit in progress: address as QR code (size 200, error correction H), amount so far, time left. */
export function DepositStatus({ transaction: t }: { transaction: TransactionDetail }) {
  const now = useNow();
  const [copied, setCopied] = useState(false);
  const network = depositNetworkOf(t.currency, t.address);
  const label = depositLabel(t.currency, network);
  const testMode = useDepositOptions().some((o) => o.currency === t.currency && o.network === network && o.testMode);
  if (t.status === 'Complete') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h2">Deposit complete</Typography>
        <Typography color="text.secondary">{usd(t.amount)} USDT was added to your balance.</Typography>
        <Button variant="contained" component={RouterLink} to="/finances">
          Back to Finances
        </Button>
      </Stack>
    );
  }
  if (t.status === 'Failed') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
        <ErrorIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h2">Deposit expired</Typography>
        <Typography color="text.secondary">{t.failureReason ?? 'Nothing was received in time.'}</Typography>
        <Button variant="contained" component={RouterLink} to="/finances">
          Back to Finances
        </Button>
      </Stack>
    );
  }
  const left = t.expiresAt ? timeLeft(t.expiresAt, now) : null;
  const copy = async () => {
    await navigator.clipboard?.writeText(t.address ?? '').catch(() => {});
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'center' }}>
      <Typography color="text.secondary" sx={{ textAlign: 'center', maxWidth: 440 }}>
        Send {label} to this address.{' '}
        {testMode
          ? 'Staff check that it arrived and credit it to your balance in USDT.'
          : 'It is credited to your balance in USDT once it is received.'}
      </Typography>
      <TestModeNotice currency={t.currency} />
      <Box
        sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 2, border: 1, borderColor: 'divider', lineHeight: 0 }}
        data-testid="deposit-qr"
      >
        <QRCodeSVG
          value={t.address ?? ''}
          size={DEPOSIT_QR.size}
          level={DEPOSIT_QR.level}
          title={`${t.currency} deposit address QR code`}
        />
      </Box>
      <Typography variant="subtitle2" component="p" id="deposit-address-label" sx={{ mb: -1.5 }}>
        {label} address
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', maxWidth: '100%' }}>
        <Typography
          component="code"
          aria-label="Deposit address"
          sx={{
            fontFamily: 'monospace',
            fontSize: 14,
            wordBreak: 'break-all',
            bgcolor: 'action.hover',
            px: 1,
            py: 0.5,
            borderRadius: 1,
          }}
        >
          {t.address}
        </Typography>
        <Tooltip title={copied ? 'Copied' : 'Copy address'}>
          <IconButton aria-label="Copy address" onClick={copy} size="small">
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ textAlign: 'center' }}>
        <Box>
          <Typography variant="overline" color="text.secondary">
            Received so far
          </Typography>
          <Typography variant="h3" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {isAwaitingPayment(t) ? AWAITING_PAYMENT : `${usd(t.amount)} USDT`}
          </Typography>
        </Box>
        <Box>
          <Typography variant="overline" color="text.secondary">
            Time left
          </Typography>
          <Typography variant="h3" sx={{ fontVariantNumeric: 'tabular-nums' }} role="timer" aria-label="Time left">
            {left ?? 'Closing…'}
          </Typography>
        </Box>
      </Stack>
      {t.confirmations !== null && t.confirmationsRequired !== null && (
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {confirmationsText(t.confirmations, t.confirmationsRequired)}. It is credited at {t.confirmationsRequired}.
        </Alert>
      )}
      {network && (
        <Alert severity="warning" sx={{ width: '100%' }}>
          Send only USDT on {NETWORK_LABELS[network]} to this address. USDT sent on another network does not arrive and
          cannot be credited.
        </Alert>
      )}
      <Alert severity="info" sx={{ width: '100%' }}>
        This deposit stays pending until the payment is received. With nothing received before the time runs out, it
        expires.
      </Alert>
    </Stack>
  );
}
