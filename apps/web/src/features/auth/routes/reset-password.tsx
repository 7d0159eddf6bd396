import { AUTH_MSG, passwordSchema } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { applyFieldErrors } from '../../../components/form-fields';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { resetPassword } from '../api/reset-password';
import { PasswordField } from '../components/password-field';
import { SubmitButton } from '../../../components/form-page';
import { PageHeading } from '../../../components/form-page';

const resetForm = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type ResetForm = z.infer<typeof resetForm>;

/** /reset-password?token=…: sets a new password with the mailed single-use token, then goes to login. */
export default function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { control, handleSubmit, setError, formState } = useForm<ResetForm>({
    resolver: zodResolver(resetForm),
    defaultValues: { password: '', confirm: '' },
  });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await resetPassword({ token, password });
      notify(AUTH_MSG.passwordUpdated, { text: 'Log in with your new password.' });
      navigate('/login', { replace: true });
    } catch (err) {
      handleFailure(err, (errors) =>
        applyFieldErrors(setError, errors, ['password'], { rename: { token: 'root' as 'password' } }),
      );
    }
  });
  const tokenError = formState.errors.root?.message;

  return (
    <>
      <PageHeading title="Choose a new password">
        You will be signed out everywhere and can log in with the new password.
      </PageHeading>
      {(!token || tokenError) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {tokenError ?? AUTH_MSG.resetInvalid}{' '}
          <Link component={RouterLink} to="/forgot-password">
            Request a new link
          </Link>
        </Alert>
      )}
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <PasswordField
          control={control}
          name="password"
          label="New Password"
          autoComplete="new-password"
          disabled={busy || !token}
        />
        <PasswordField
          control={control}
          name="confirm"
          label="Confirm Password"
          autoComplete="new-password"
          disabled={busy || !token}
        />
        <SubmitButton busy={busy} size="large" disabled={!token}>
          Reset Password
        </SubmitButton>
      </Stack>
    </>
  );
}
