import { forgotPasswordBody } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { applyFieldErrors, FormTextField } from '../../../components/form-fields';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { handleFailure } from '../../../lib/api-client';
import { forgotPassword } from '../api/forgot-password';
import { SubmitButton } from '../../../components/form-page';
import { PageHeading } from '../../../components/form-page';

/** /forgot-password: mails a reset link; the answer is the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<z.input<typeof forgotPasswordBody>>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgotPassword(values);
      setSentTo(values.email);
    } catch (err) {
      handleFailure(err, (errors) => applyFieldErrors(setError, errors, ['email'], { fallback: 'email' }));
    }
  });

  if (sentTo) {
    return (
      <Box sx={{ textAlign: 'center' }} role="status">
        <MarkEmailReadOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h1" sx={{ fontSize: '1.5rem', my: 1 }}>
          Check your email
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          If an account exists for {sentTo}, we sent a link to reset its password. The link is valid for one hour.
        </Typography>
        <Button component={RouterLink} to="/login" variant="outlined">
          Back to log in
        </Button>
      </Box>
    );
  }
  return (
    <>
      <PageHeading title="Forgot your password?">
        Enter your email and we will send you a link to choose a new one.
      </PageHeading>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          disabled={busy}
          autoFocus
        />
        <SubmitButton busy={busy} size="large">
          Send Reset Link
        </SubmitButton>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          Back to log in
        </Link>
      </Typography>
    </>
  );
}
