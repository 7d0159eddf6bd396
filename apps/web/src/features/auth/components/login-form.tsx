import { AUTH_MSG, loginBody, type LoginBody, type Me } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { applyFieldErrors, FormTextField } from '../../../components/form-fields';
import { ApiError, handleFailure } from '../../../lib/api-client';
import { useStartSession } from '../../../lib/session';
import { login } from '../api/login';
import { PasswordField } from './password-field';

/**
 * Spec §5 login: 'Incorrect email or password' under the password field, fields disabled while
 * the request runs, Enter submits.
 */
export function LoginForm({ onSuccess }: { onSuccess: (me: Me) => void }) {
  const startSession = useStartSession();
  const form = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });
  const { control, handleSubmit, setError, formState } = form;
  const busy = formState.isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { accessToken } = await login(values);
      onSuccess(await startSession(accessToken));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        console.error(err);
        setError('password', { type: 'server', message: AUTH_MSG.incorrectLogin });
        return;
      }
      handleFailure(err, (errors) => applyFieldErrors(setError, errors, ['email', 'password']));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Log in">
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        disabled={busy}
        autoFocus
      />
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="current-password"
        disabled={busy}
      />
      <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
        Forgot password?
      </Link>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        Log In
      </Button>
    </Stack>
  );
}
