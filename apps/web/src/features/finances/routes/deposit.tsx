import { CURRENCIES, CURRENCY_NETWORKS, type Currency } from '@devmarket/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../../components/loading';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { handleFailure } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useCreateDeposit } from '../api/create-deposit';
import { useTransaction } from '../api/get-transaction';
import { DepositStatus } from '../components/deposit-status';
import { useLiveBalance } from '../components/use-live-balance';
import { TwoStepPage } from '../components/two-step-page';

const NAMES: Record<Currency, string> = { BTC: 'Bitcoin', ETH: 'Ethereum', USDT: 'Tether' };

/** /finances/deposit (spec §2): start (choose a currency, Continue), then the pending deposit. */
export default function DepositPage() {
  useDocumentTitle('Deposit');
  useLiveBalance();
  const user = useCurrentUser();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [currency, setCurrency] = useState<Currency | ''>('');
  const create = useCreateDeposit();
  const pendingId = createdId ?? user?.pendingTransactionID ?? null;
  const pending = useTransaction(pendingId);
  const current = pending.data && (pending.data.type === 'Deposit' || createdId) ? pending.data : null;
  const otherPending =
    pending.data && pending.data.type !== 'Deposit' && pending.data.status === 'Pending' && !createdId;
  const step = current ? 1 : 0;

  const onContinue = () => {
    if (!currency) return;
    create.mutate(
      { currency },
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
            Choose the currency you will send. Your deposit is credited to your balance in USDT.
          </Typography>
          <RadioGroup
            aria-label="Currency"
            value={currency}
            onChange={(e) => setCurrency(e.target.value as Currency)}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
          >
            {CURRENCIES.map((c) => (
              <Box
                key={c}
                sx={{
                  border: 1,
                  borderColor: currency === c ? 'primary.main' : 'divider',
                  borderRadius: 2,
                  px: 1.5,
                  py: 0.5,
                  bgcolor: currency === c ? 'action.selected' : 'transparent',
                }}
              >
                <FormControlLabel
                  value={c}
                  control={<Radio />}
                  disabled={create.isPending}
                  label={
                    <Box>
                      <Typography sx={{ fontWeight: 600 }}>{c}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {NAMES[c]}
                        {/* Which chains the address may be on (DESIGN §13). */}
                        {c === 'USDT' ? ` on ${CURRENCY_NETWORKS.USDT}` : ''}
                      </Typography>
                    </Box>
                  }
                  sx={{ width: '100%', m: 0 }}
                />
              </Box>
            ))}
          </RadioGroup>
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/finances" disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={onContinue}
              disabled={!currency || create.isPending}
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
