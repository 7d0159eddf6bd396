import { type DepositOption, NETWORK_LABELS } from '@devmarket/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../../components/loading';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { handleFailure } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useCreateDeposit } from '../api/create-deposit';
import { useDepositOptions } from '../api/get-money-config';
import { useTransaction } from '../api/get-transaction';
import { DepositStatus } from '../components/deposit-status';
import { useLiveBalance } from '../components/use-live-balance';
import { TestModeNotice } from '../components/test-mode-notice';
import { TwoStepPage } from '../components/two-step-page';

const NAMES = { BTC: 'Bitcoin', ETH: 'Ether', USDT: 'Tether' } as const;

/** A choice's radio value: the currency and, for USDT, its network ("USDT:TRC-20"). */
const keyOf = (o: DepositOption) => `${o.currency}:${o.network ?? ''}`;

/** /finances/deposit (spec §2): start (choose a currency, Continue), then the pending deposit. */
export default function DepositPage() {
  useDocumentTitle('Deposit');
  useLiveBalance();
  const user = useCurrentUser();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const options = useDepositOptions();
  const [choice, setChoice] = useState('');
  const chosen = options.find((o) => keyOf(o) === choice) ?? null;
  const create = useCreateDeposit();
  const pendingId = createdId ?? user?.pendingTransactionID ?? null;
  const pending = useTransaction(pendingId);
  const current = pending.data && (pending.data.type === 'Deposit' || createdId) ? pending.data : null;
  const otherPending =
    pending.data && pending.data.type !== 'Deposit' && pending.data.status === 'Pending' && !createdId;
  const step = current ? 1 : 0;

  const onContinue = () => {
    if (!chosen) return;
    create.mutate(
      { currency: chosen.currency, ...(chosen.network ? { network: chosen.network } : {}) },
      { onSuccess: (r) => setCreatedId(r.transactionID), onError: (err) => handleFailure(err) },
    );
  };

  return (
    <TwoStepPage title="Deposit" step={step}>
      {pendingId && pending.isPending ? (
        <PageLoading />
      ) : current ? (
        <DepositStatus transaction={current} />
      ) : otherPending ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={`/transaction/${pending.data?.id}`}>
              View
            </Button>
          }
        >
          You have a pending {pending.data?.type.toLowerCase()}. Only one transaction can be pending at a time.
        </Alert>
      ) : (
        <Stack spacing={2.5}>
          <Typography color="text.secondary">
            Choose what you will send, and on which network. Your deposit is credited to your balance in USDT.
          </Typography>
          <RadioGroup
            aria-label="Currency and network"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
          >
            {options.length === 0 &&
              [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={64} aria-hidden />)}
            {options.map((o) => {
              const key = keyOf(o);
              return (
                <Box
                  key={key}
                  sx={{
                    border: 1,
                    borderColor: choice === key ? 'primary.main' : 'divider',
                    borderRadius: 2,
                    px: 1.5,
                    py: 0.5,
                    bgcolor: choice === key ? 'action.selected' : 'transparent',
                  }}
                >
                  <FormControlLabel
                    value={key}
                    control={<Radio />}
                    disabled={create.isPending}
                    label={
                      <Box>
                        <Typography sx={{ fontWeight: 600 }}>
                          <NetworkLabel label={o.label} />
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {NAMES[o.currency]}
                          {o.network ? ` · ${o.network === 'ERC-20' ? '0x… address' : 'T… address'}` : ''}
                        </Typography>
                      </Box>
                    }
                    sx={{ width: '100%', m: 0 }}
                  />
                </Box>
              );
            })}
          </RadioGroup>
          {chosen?.network && (
            <Alert severity="info">
              Send only USDT on {NETWORK_LABELS[chosen.network]} to the address you get. USDT sent on another network
              does not arrive.
            </Alert>
          )}
          <TestModeNotice currency={chosen?.currency} />
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/finances" disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={onContinue}
              disabled={!chosen || create.isPending}
              startIcon={create.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              Continue
            </Button>
          </Stack>
        </Stack>
      )}
    </TwoStepPage>
  );
}

/**
 * "USDT on Ethereum (ERC-20)" with the bracketed network kept on one line: on a 375 px phone the
 * line broke at the hyphen, leaving "ERC-" above "20)". The words before it wrap as usual.
 */
function NetworkLabel({ label }: { label: string }) {
  const at = label.lastIndexOf(' (');
  if (at < 0) return label;
  return (
    <>
      {label.slice(0, at)}{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {label.slice(at + 1)}
      </Box>
    </>
  );
}
