import { CURRENCIES, type Currency, type Me, WITHDRAWAL_LABEL_MAX, type WithdrawalAddress } from '@devmarket/contract';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { SubmitButton } from '../../../components/form-page';
import { handleFailure } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  useAddWithdrawalAddress,
  useDeleteWithdrawalAddress,
  useWithdrawalSettings,
  withdrawalAddressesQueryOptions,
} from '../api/security';

type AddErrors = Partial<Record<'currency' | 'address' | 'label', string>>;

/**
 * /account "Withdrawal addresses" (DESIGN §14): the address book (a new address is usable after
 * its cooldown), adding with a label, deleting, and the allow-list switch (password, and the code
 * with two-step verification).
 */
export function WithdrawalAddressesSection({ me }: { me: Me }) {
  const list = useQuery(withdrawalAddressesQueryOptions());
  return (
    <Stack spacing={2.5}>
      <AllowListSetting me={me} />
      <Divider />
      {list.isPending ? (
        <Skeleton variant="rounded" height={64} />
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load your addresses.
        </Alert>
      ) : list.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No saved addresses yet.
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
          aria-label="Saved addresses"
        >
          {list.data.map((a) => (
            <AddressRow key={a.id} address={a} />
          ))}
        </Box>
      )}
      <AddAddressForm />
    </Stack>
  );
}

function AddressRow({ address: a }: { address: WithdrawalAddress }) {
  const remove = useDeleteWithdrawalAddress();
  const coolingDown = new Date(a.usableAt).getTime() > Date.now();
  const name = a.label || a.address;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'center',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        minWidth: 0,
      }}
    >
      <Chip label={a.currency} size="small" variant="outlined" />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {a.label && <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.label}</Typography>}
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {a.address}
        </Typography>
        {coolingDown && (
          <Typography variant="caption" color="warning.main">
            Usable from {formatDateTime(a.usableAt)}
          </Typography>
        )}
      </Box>
      <IconButton
        aria-label={`Delete ${name}`}
        onClick={() =>
          remove.mutate(a.id, {
            onSuccess: () => notify('Address deleted'),
            onError: (err) => handleFailure(err),
          })
        }
        disabled={remove.isPending}
      >
        <DeleteOutline />
      </IconButton>
    </Box>
  );
}

function AddAddressForm() {
  const add = useAddWithdrawalAddress();
  const [values, setValues] = useState<{ currency: Currency | ''; address: string; label: string }>({
    currency: '',
    address: '',
    label: '',
  });
  const [errors, setErrors] = useState<AddErrors>({});
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found: AddErrors = {};
    if (!values.currency) found.currency = 'Choose BTC, ETH or USDT';
    if (!values.address.trim()) found.address = 'This field is required.';
    if (values.label.length > WITHDRAWAL_LABEL_MAX) found.label = `Must be at most ${WITHDRAWAL_LABEL_MAX} characters`;
    if (Object.keys(found).length) return setErrors(found);
    try {
      const r = await add.mutateAsync({
        currency: values.currency as Currency,
        address: values.address,
        label: values.label,
      });
      setValues({ currency: '', address: '', label: '' });
      setErrors({});
      notify('Address added', { text: `Usable from ${formatDateTime(r.usableAt)}.` });
    } catch (err) {
      handleFailure(err, (fields) => setErrors(fields));
    }
  };
  const busy = add.isPending;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Add a withdrawal address">
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        Add an address
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' } }}>
        <TextField
          select
          label="Currency"
          value={values.currency}
          onChange={(e) => setValues({ ...values, currency: e.target.value as Currency })}
          error={Boolean(errors.currency)}
          helperText={errors.currency}
          disabled={busy}
        >
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Address"
          value={values.address}
          onChange={(e) => setValues({ ...values, address: e.target.value })}
          error={Boolean(errors.address)}
          helperText={errors.address}
          disabled={busy}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <TextField
          label="Label"
          value={values.label}
          onChange={(e) => setValues({ ...values, label: e.target.value })}
          error={Boolean(errors.label)}
          helperText={errors.label ?? 'For you, e.g. "Hardware wallet"'}
          disabled={busy}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <SubmitButton busy={busy}>Add Address</SubmitButton>
      </Box>
    </Box>
  );
}

function AllowListSetting({ me }: { me: Me }) {
  const save = useWithdrawalSettings();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [values, setValues] = useState({ password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<'password' | 'code', string>>>({});
  const pending = wanted !== null && wanted !== me.withdrawalAllowListOnly;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (wanted === null) return;
    const found: typeof errors = {};
    if (!values.password) found.password = 'This field is required.';
    if (me.twoFactorEnabled && !values.code.trim()) found.code = 'Enter the code from your authenticator app';
    if (Object.keys(found).length) return setErrors(found);
    try {
      await save.mutateAsync({
        allowListOnly: wanted,
        password: values.password,
        ...(me.twoFactorEnabled ? { code: values.code.replace(/\s+/g, '') } : {}),
      });
      setWanted(null);
      setValues({ password: '', code: '' });
      setErrors({});
      notify(wanted ? 'Withdrawals now go only to saved addresses' : 'Withdrawals may go to any address');
    } catch (err) {
      handleFailure(err, (fields) => setErrors(fields));
    }
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Allow-list setting">
      <FormControlLabel
        control={
          <Switch
            checked={wanted ?? me.withdrawalAllowListOnly}
            onChange={(e) => {
              setWanted(e.target.checked);
              setErrors({});
            }}
          />
        }
        label="Withdraw only to saved addresses"
      />
      {pending && (
        <Box sx={{ display: 'grid', gap: 2, mt: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => setValues({ ...values, password: e.target.value })}
            error={Boolean(errors.password)}
            helperText={errors.password}
            disabled={save.isPending}
          />
          {me.twoFactorEnabled && (
            <TextField
              label="Authentication code"
              autoComplete="one-time-code"
              value={values.code}
              onChange={(e) => setValues({ ...values, code: e.target.value })}
              error={Boolean(errors.code)}
              helperText={errors.code}
              disabled={save.isPending}
            />
          )}
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', gridColumn: '1 / -1' }}>
            <Button onClick={() => setWanted(null)} disabled={save.isPending}>
              Cancel
            </Button>
            <SubmitButton busy={save.isPending}>Save</SubmitButton>
          </Box>
        </Box>
      )}
    </Box>
  );
}
