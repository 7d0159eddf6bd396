import type { Me } from '@devmarket/contract';
import { AUTH_MSG, EMAIL_RE, MSG, PASSWORD_MAX } from '@devmarket/contract/constants';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, handleFailure } from '../../../lib/api-client';
import { useStartSession } from '../../../lib/session';
import { login } from '../api/login';
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

/** An outlined text field from its parts: MUI's TextField would bring Select and Menu into the first load. */
function LoginField(
  props: { label: string; error?: string; inputRef: React.Ref<HTMLInputElement> } & Omit<OutlinedInputProps, 'error'>,
) {
  const { label, error, inputRef, ...input } = props;
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth error={Boolean(error)} disabled={input.disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputRef={inputRef}
        inputProps={{ 'aria-describedby': error ? `${id}-error` : undefined, 'aria-invalid': Boolean(error) }}
      />
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}

/**
 * Spec §5 login: 'Incorrect email or password' under the password field, fields disabled while
 * the request runs, Enter submits.
 */
export function LoginForm({ onSuccess }: { onSuccess: (me: Me) => void }) {
  const startSession = useStartSession();
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
      await login({ email: values.email.trim().toLowerCase(), password: values.password });
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

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Log in">
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
