import type { Me } from '@devmarket/contract';
import { AUTH_MSG, EMAIL_RE, MSG, PASSWORD_MAX } from '@devmarket/contract/constants';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, handleFailure } from '../../../lib/api-client';
import { useStartSession } from '../../../lib/session';
import { login } from '../api/login';
import { LoginField } from './login-field';

// The second screen loads only for users with two-step verification (the login page is a first load: bundle budget).
const TwoFactorStep = lazy(() => import('./two-factor-step'));
import { SubmitButton } from '../../../components/form-page';
import { ShowPasswordButton } from '../../../components/form-page';

type Field = 'email' | 'password';
type Errors = Partial<Record<Field, string>>;

/** The rules of the contract's loginBody, without zod (the login page is a first load: bundle budget). */
function validate(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  const email = values.email.trim();
  if (!email) errors.email = MSG.required;
  else if (email.length > 254) errors.email = 'Must be at most 254 characters';
  else if (!EMAIL_RE.test(email)) errors.email = MSG.email;
  if (!values.password) errors.password = MSG.required;
  else if (values.password.length > PASSWORD_MAX)
    errors.password = `Password must be at most ${PASSWORD_MAX} characters`;
  return errors;
}

/**
 * Spec §5 login: 'Incorrect email or password' under the password field, fields disabled while
 * the request runs, Enter submits.
 */
export function LoginForm({
  onSuccess,
  onTwoFactor,
}: {
  onSuccess: (me: Me) => void;
  /** Told when the second screen (two-step verification) opens or closes (the login page retitles). */
  onTwoFactor?: (open: boolean) => void;
}) {
  const startSession = useStartSession();
  const [ticket, setTicket] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = (['email', 'password'] as const).find((f) => next[f]);
    // Focus after the fields are enabled again.
    if (first) setTimeout(() => refs[first].current?.focus());
  };

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    // Like react-hook-form's default: validate on submit, then again on every change.
    if (submitted) setErrors(validate(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validate(values);
    if (Object.keys(found).length) return showErrors(found);
    setErrors({});
    setBusy(true);
    try {
      const answer = await login({ email: values.email.trim().toLowerCase(), password: values.password });
      if ('twoFactorRequired' in answer) {
        setBusy(false);
        setNotice('');
        setTicket(answer.ticket);
        onTwoFactor?.(true);
        return;
      }
      // The server set the HttpOnly session cookie: ask who is signed in.
      const me = await startSession();
      setBusy(false);
      onSuccess(me);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 401) {
        console.error(err);
        showErrors({ password: AUTH_MSG.incorrectLogin });
        return;
      }
      handleFailure(err, (fieldErrors) => {
        showErrors({ email: fieldErrors.email, password: fieldErrors.password });
      });
    }
  };

  if (ticket) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          ticket={ticket}
          pageTitle={Boolean(onTwoFactor)}
          onSuccess={onSuccess}
          onRestart={(reason) => {
            setTicket(null);
            setNotice(reason);
            setValues((v) => ({ ...v, password: '' }));
            onTwoFactor?.(false);
          }}
        />
      </Suspense>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Log in">
      {notice && (
        <Typography role="alert" color="warning.main" variant="body2">
          {notice}
        </Typography>
      )}
      <LoginField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
        disabled={busy}
        inputRef={refs.email}
        autoFocus
      />
      <LoginField
        label="Password"
        type={shown ? 'text' : 'password'}
        name="password"
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
        disabled={busy}
        inputRef={refs.password}
        endAdornment={<ShowPasswordButton shown={shown} onToggle={() => setShown((s) => !s)} disabled={busy} />}
      />
      <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
        Forgot password?
      </Link>
      <SubmitButton busy={busy} size="large">
        Log In
      </SubmitButton>
    </Stack>
  );
}
