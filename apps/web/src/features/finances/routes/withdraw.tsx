import {
  addressNetwork,
  CURRENCIES,
  CURRENCY_NETWORKS,
  MIN_WITHDRAWAL,
  parseMoney,
  withdrawFormSchema,
  type WithdrawBody,
} from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { applyFieldErrors, FormTextField } from '../../../components/form-fields';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { ApiError, handleFailure } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCurrentUser, userQueryOptions } from '../../../lib/session';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useBalance } from '../api/get-balance';
import { describeHours, usePendingHours } from '../api/get-money-config';
import { usd } from '../components/money';
import { TwoStepPage } from '../components/two-step-page';
import { SubmitButton } from '../../../components/form-page';
import { PendingTransactionAlert } from '../components/pending-transaction-alert';

const ADDRESS_HINT = {
  BTC: 'A Bitcoin address (1…, 3… or bc1…)',
  ETH: 'An Ethereum address (0x followed by 40 hex digits)',
  USDT: 'An ERC-20 (0x…, Ethereum) or TRC-20 (T…, TRON) address',
} as const;

/** /finances/withdraw (spec §2, §5): start, then currency, address, amount and password. */
export default function WithdrawPage() {
  useDocumentTitle('Withdraw');
  const user = useCurrentUser();
  const balance = useBalance();
  const [step, setStep] = useState(0);
  const available = balance.data?.balance ?? '0';
  const hasPending = Boolean(user?.pendingTransactionID);
  const pendingHours = usePendingHours();
  const pausedUntil = user?.withdrawalsPausedUntil ?? null;
  const paused = pausedUntil !== null && new Date(pausedUntil).getTime() > Date.now();
  return (
    <TwoStepPage title="Withdraw" step={step}>
      {balance.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : paused ? (
        <Stack spacing={2.5}>
          {/* DESIGN §14: after a password reset or turning two-step verification off. */}
          <Alert severity="warning" role="status">
            Withdrawals are paused until {formatDateTime(pausedUntil)} after a security change
          </Alert>
          <Typography color="text.secondary">
            This protects your balance if someone else reset your password or turned off your two-step verification. If
            that was not you, change your password now.
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/account">
              Account
            </Button>
            <Button variant="contained" component={RouterLink} to="/finances">
              Back to Finances
            </Button>
          </Stack>
        </Stack>
      ) : step === 0 ? (
        <Stack spacing={2.5}>
          <div>
            <Typography variant="overline" color="text.secondary">
              Available
            </Typography>
            <Typography variant="h2" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {usd(available)} USDT
            </Typography>
          </div>
          <Typography color="text.secondary">
            Withdrawals start at {usd(MIN_WITHDRAWAL)} USDT. The amount is held at once and sent to your address after{' '}
            {describeHours(pendingHours)}, and you can cancel it until then; only one transaction can be pending at a
            time.
          </Typography>
          {hasPending && (
            <PendingTransactionAlert id={user?.pendingTransactionID}>
              You have a pending transaction. You can withdraw once it completes.
            </PendingTransactionAlert>
          )}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/finances">
              Cancel
            </Button>
            <Button variant="contained" onClick={() => setStep(1)} disabled={hasPending}>
              Continue
            </Button>
          </Stack>
        </Stack>
      ) : (
        <WithdrawForm
          available={available}
          needsCode={Boolean(user?.twoFactorEnabled)}
          allowListOnly={Boolean(user?.withdrawalAllowListOnly)}
          onBack={() => setStep(0)}
        />
      )}
    </TwoStepPage>
  );
}

type FormValues = {
  currency: WithdrawBody['currency'] | '';
  address: string;
  amount: string;
  password: string;
  code: string;
};

function WithdrawForm({
  available,
  needsCode,
  allowListOnly,
  onBack,
}: {
  available: string;
  needsCode: boolean;
  allowListOnly: boolean;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const withdraw = useCreateWithdrawal();
  const schema = useMemo(() => withdrawFormSchema(parseMoney(available)), [available]);
  const form = useForm<FormValues>({
    // biome-ignore lint/suspicious/noExplicitAny: the schema's input allows numbers; the form keeps text
    resolver: zodResolver(schema as any),
    mode: 'onChange',
    defaultValues: { currency: '', address: '', amount: '', password: '', code: '' },
  });
  const { control, handleSubmit, setError, formState, watch } = form;
  const busy = formState.isSubmitting;
  const currency = watch('currency');
  const address = watch('address');
  const network = currency ? addressNetwork(currency, address) : null;
  const pendingHours = usePendingHours();

  const onSubmit = handleSubmit(async (values) => {
    const code = values.code.replace(/\s+/g, '');
    if (needsCode && !code) {
      setError('code', { message: 'Enter the code from your authenticator app' });
      return;
    }
    try {
      const { code: _typed, ...rest } = values;
      const r = await withdraw.mutateAsync({ ...(rest as WithdrawBody), ...(needsCode ? { code } : {}) });
      notify('Withdrawal requested', { text: `${usd(values.amount)} USDT will be sent after the pending window.` });
      navigate(`/transaction/${r.id}`);
    } catch (err) {
      // A pause that began meanwhile (409): the user is reloaded and the page shows its notice.
      if (err instanceof ApiError && err.status === 409)
        void qc.invalidateQueries({ queryKey: userQueryOptions().queryKey });
      handleFailure(err, (errors) =>
        applyFieldErrors(setError, errors, ['currency', 'address', 'amount', 'password', 'code']),
      );
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Withdraw">
      <FormTextField
        control={control}
        name="currency"
        label="Currency"
        select
        disabled={busy}
        required
        helperText={currency ? `Networks: ${CURRENCY_NETWORKS[currency]}` : undefined}
      >
        {CURRENCIES.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="address"
        label="Address"
        disabled={busy}
        required
        autoComplete="off"
        helperText={
          network
            ? `Network: ${network}`
            : currency
              ? `${ADDRESS_HINT[currency]}${allowListOnly ? ' from your saved addresses' : ''}`
              : 'Choose a currency first'
        }
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <FormTextField
        control={control}
        name="amount"
        label="Amount"
        disabled={busy}
        required
        inputMode="decimal"
        helperText={`Minimum ${usd(MIN_WITHDRAWAL)} · available ${usd(available)} USDT`}
        slotProps={{
          input: {
            startAdornment: <InputAdornment position="start">$</InputAdornment>,
            endAdornment: <InputAdornment position="end">USDT</InputAdornment>,
          },
          htmlInput: { inputMode: 'decimal' },
        }}
      />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        disabled={busy}
        required
        helperText="Confirm with your account password"
      />
      {needsCode && (
        <FormTextField
          control={control}
          name="code"
          label="Authentication code"
          autoComplete="one-time-code"
          disabled={busy}
          required
          helperText="From your authenticator app, or a recovery code"
        />
      )}
      <Typography variant="caption" color="text.secondary">
        The amount is held now and sent after {describeHours(pendingHours)} unless you cancel it on the transaction
        page.
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onBack} disabled={busy}>
          Back
        </Button>
        <SubmitButton busy={busy} disabled={!formState.isValid}>
          Withdraw
        </SubmitButton>
      </Stack>
    </Stack>
  );
}
