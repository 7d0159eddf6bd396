import type { Me } from '@devmarket/contract';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { SubmitButton } from '../../../components/form-page';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor } from '../api/security';

type Errors = Partial<Record<'password' | 'code', string>>;
const required = (v: string) => (v.trim() ? undefined : 'This field is required.');

/**
 * /account "Two-step verification" (DESIGN §14): password → QR code and the secret as text → a
 * code turns it on → the 10 recovery codes, shown once, with a Download button. When on: turn off
 * with the password and a code (or a recovery code).
 */
export function TwoFactorSection({ me }: { me: Me }) {
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (me.twoFactorEnabled) return <TurnOff />;
  if (setup)
    return (
      <Confirm
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(c) => {
          setSetup(null);
          setCodes(c);
        }}
      />
    );
  return <Start onSetup={setSetup} />;
}

function Start({ onSetup }: { onSetup: (s: { secret: string; otpauthUrl: string }) => void }) {
  const mutation = useSetupTwoFactor();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const err = required(password);
    if (err) return setErrors({ password: err });
    try {
      onSetup(await mutation.mutateAsync({ password }));
    } catch (error) {
      handleFailure(error, (fields) => setErrors(fields));
    }
  };
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Set up two-step verification">
      <Typography variant="body2">
        Off. With it on, signing in, withdrawing and changing withdrawal settings also ask for a code from an
        authenticator app on your phone.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
          disabled={mutation.isPending}
          sx={{ flex: '1 1 240px' }}
        />
        <SubmitButton busy={mutation.isPending}>Set Up</SubmitButton>
      </Box>
    </Stack>
  );
}

function Confirm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: { secret: string; otpauthUrl: string };
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const mutation = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const err = required(code);
    if (err) return setError(err);
    try {
      const r = await mutation.mutateAsync({ code: code.replace(/\s+/g, '') });
      notify('Two-step verification is on');
      onEnabled(r.recoveryCodes);
    } catch (failure) {
      handleFailure(failure, (fields) => setError(fields.code));
    }
  };
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Turn on two-step verification">
      <Typography variant="body2">
        Scan the QR code with an authenticator app (or type the key), then enter the 6-digit code it shows.
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
          <QRCodeSVG
            value={setup.otpauthUrl}
            size={168}
            level="M"
            role="img"
            aria-label="QR code for your authenticator app"
          />
        </Box>
        <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
          <Typography variant="overline" color="text.secondary" component="p" id="totp-secret-label">
            Key
          </Typography>
          <Typography
            aria-labelledby="totp-secret-label"
            data-testid="totp-secret"
            sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', userSelect: 'all' }}
          >
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          disabled={mutation.isPending}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: '1 1 200px' }}
        />
        <Button onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <SubmitButton busy={mutation.isPending}>Turn On</SubmitButton>
      </Box>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const blob = new Blob([`DevMarket recovery codes (each works once)\n\n${codes.join('\n')}\n`], {
      type: 'text/plain',
    });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'devmarket-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2} aria-label="Recovery codes" component="section">
      <Alert severity="success">
        Two-step verification is on. Save these recovery codes now: they are shown only once, and each signs you in once
        if you lose your phone.
      </Alert>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' },
          gap: 1,
          fontFamily: 'monospace',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button startIcon={<Download />} variant="outlined" onClick={download}>
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </Stack>
    </Stack>
  );
}

function TurnOff() {
  const mutation = useDisableTwoFactor();
  const [values, setValues] = useState({ password: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = { password: required(values.password), code: required(values.code) };
    if (found.password || found.code) return setErrors(found);
    try {
      await mutation.mutateAsync({ password: values.password, code: values.code.replace(/\s+/g, '') });
      setValues({ password: '', code: '' });
      setErrors({});
      notify('Two-step verification is off');
    } catch (failure) {
      handleFailure(failure, (fields) => setErrors(fields));
    }
  };
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Turn off two-step verification">
      <Alert severity="success">On. Signing in and withdrawing ask for a code from your authenticator app.</Alert>
      <Typography variant="body2" color="text.secondary">
        Turning it off pauses withdrawals for a day.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
          error={Boolean(errors.password)}
          helperText={errors.password}
          disabled={mutation.isPending}
        />
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          value={values.code}
          onChange={(e) => setValues({ ...values, code: e.target.value })}
          error={Boolean(errors.code)}
          helperText={errors.code ?? 'Or one of your recovery codes'}
          disabled={mutation.isPending}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <SubmitButton busy={mutation.isPending} color="error">
          Turn Off
        </SubmitButton>
      </Box>
    </Stack>
  );
}
