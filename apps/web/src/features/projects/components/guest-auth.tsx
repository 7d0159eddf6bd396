import { accessTokenResponse, loginBody, MSG, splitName, VERIFICATION_CODE_LENGTH } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { api, handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useStartSession } from '../../../lib/session';
import type { Me } from '@devmarket/contract';
import { useQueryClient } from '@tanstack/react-query';

type Errors = Record<string, string>;

/**
 * The sign-up / login tabs a guest sees before creating a project (spec §2, §6). A new client
 * confirms the e-mail code here too, so the project can be created right after.
 */
export function GuestAuth({ user }: { user: Me | null }) {
  const [tab, setTab] = useState(0);
  if (user && !user.emailVerified) return <VerifyStep />;
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_e, v: number) => setTab(v)}
        variant="fullWidth"
        sx={{ mb: 2 }}
        aria-label="Sign up or log in"
      >
        <Tab label="Sign Up" />
        <Tab label="Login" />
      </Tabs>
      {tab === 0 ? <SignUpForm /> : <LoginForm />}
    </Box>
  );
}

function SignUpForm() {
  const startSession = useStartSession();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [tos, setTos] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const name = String(f.get('name') ?? '');
    const email = String(f.get('email') ?? '');
    const password = String(f.get('password') ?? '');
    const local: Errors = {};
    if (!name.trim()) local.name = MSG.required;
    if (!email.trim()) local.email = MSG.required;
    if (!password) local.password = MSG.required;
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const res = accessTokenResponse.parse(
        await api.post('/auth/sign-up', { ...splitName(name), email, password, tos, type: 'Client' }),
      );
      await startSession(res.accessToken);
    } catch (err) {
      handleFailure(err, (errs) => {
        const { firstName, lastName, ...rest } = errs;
        setErrors({ ...rest, ...(firstName || lastName ? { name: firstName ?? lastName } : {}) });
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <TextField
        name="name"
        label="Name"
        autoComplete="name"
        disabled={busy}
        error={!!errors.name}
        helperText={errors.name}
      />
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        disabled={busy}
        error={!!errors.email}
        helperText={errors.email}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        disabled={busy}
        error={!!errors.password}
        helperText={errors.password}
      />
      <FormControlLabel
        control={<Checkbox checked={tos} onChange={(e) => setTos(e.target.checked)} disabled={busy} />}
        label={
          <Typography variant="body2">
            I agree to the{' '}
            <Link component={RouterLink} to="/terms" target="_blank">
              Terms of Service
            </Link>
          </Typography>
        }
      />
      {errors.tos && (
        <Typography variant="caption" color="error">
          {errors.tos}
        </Typography>
      )}
      <Button type="submit" variant="contained" disabled={!tos || busy}>
        Sign Up
      </Button>
    </Stack>
  );
}

function LoginForm() {
  const startSession = useStartSession();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const parsed = loginBody.safeParse({ email: f.get('email'), password: f.get('password') });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = accessTokenResponse.parse(await api.post('/auth/login', parsed.data));
      await startSession(res.accessToken);
    } catch (err) {
      console.error(err);
      setErrors({ password: 'Incorrect email or password' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        disabled={busy}
        error={!!errors.email}
        helperText={errors.email}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        disabled={busy}
        error={!!errors.password}
        helperText={errors.password}
      />
      <Button type="submit" variant="contained" disabled={busy}>
        Login
      </Button>
    </Stack>
  );
}

function VerifyStep() {
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (value: string) => {
    if (value.length !== VERIFICATION_CODE_LENGTH) return;
    setBusy(true);
    setError('');
    try {
      await api.get(`/auth/verify-email/${value}`);
      notify('Email verified successfully');
      await qc.invalidateQueries({ queryKey: ['user'] });
    } catch (err) {
      handleFailure(err, (errs) => setError(errs.code ?? Object.values(errs)[0] ?? ''));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    try {
      await api.post('/user/resend-verification-email');
      notify('Verification sent. Check your email');
      setCode('');
    } catch (err) {
      handleFailure(err);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h6">Verify Email Address</Typography>
      <Typography color="text.secondary">
        Check your email for a verification code and enter it below to continue creating your project.
      </Typography>
      <TextField
        label="Verification code"
        value={code}
        disabled={busy}
        error={!!error}
        helperText={error}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: VERIFICATION_CODE_LENGTH, autoComplete: 'one-time-code' },
        }}
        onChange={(e) => {
          const v = e.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
          setCode(v);
          if (v.length === VERIFICATION_CODE_LENGTH) void submit(v);
        }}
      />
      <Link component="button" type="button" onClick={resend} sx={{ alignSelf: 'flex-start' }}>
        Resend verification code
      </Link>
    </Stack>
  );
}
