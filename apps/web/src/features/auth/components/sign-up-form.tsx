import { type Me, MSG, passwordSchema, splitName, type UserType, userTypeSchema } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { applyFieldErrors, FormTextField } from '../../../components/form-fields';
import { handleFailure } from '../../../lib/api-client';
import { useStartSession } from '../../../lib/session';
import { signUp } from '../api/sign-up';
import { PasswordField } from './password-field';
import { SubmitButton } from '../../../components/form-page';

const signUpForm = z.object({
  name: z.string().trim().min(1, MSG.required).max(201, 'Must be at most 200 characters'),
  email: z
    .string()
    .trim()
    .min(1, MSG.required)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.email),
  password: passwordSchema,
  tos: z.boolean(),
  type: userTypeSchema,
});
type SignUpForm = z.infer<typeof signUpForm>;

/**
 * Spec §5 sign-up: one Name field split on the first space, the button disabled until the terms
 * are accepted, the server's 422 messages under email, password, name and tos.
 */
export function SignUpForm({
  onSuccess,
  type: fixedType,
}: {
  onSuccess: (me: Me) => void;
  /** Fixes the account type (onboarding signs up developers); otherwise the user picks, Client first. */
  type?: UserType;
}) {
  const startSession = useStartSession();
  const form = useForm<SignUpForm>({
    resolver: zodResolver(signUpForm),
    defaultValues: { name: '', email: '', password: '', tos: false, type: fixedType ?? 'Client' },
  });
  const { control, handleSubmit, setError, formState, watch } = form;
  const busy = formState.isSubmitting;
  const tos = watch('tos');

  const onSubmit = handleSubmit(async ({ name, email, password, type }) => {
    try {
      await signUp({ ...splitName(name), email, password, tos: true, type });
      onSuccess(await startSession());
    } catch (err) {
      handleFailure(err, (errors) =>
        applyFieldErrors(setError, errors, ['name', 'email', 'password', 'tos'], {
          rename: { firstName: 'name', lastName: 'name', type: 'name' },
          fallback: 'email',
        }),
      );
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Sign up">
      {!fixedType && (
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <ToggleButtonGroup
              exclusive
              fullWidth
              color="primary"
              value={field.value}
              onChange={(_e, v: UserType | null) => v && field.onChange(v)}
              aria-label="Account type"
              disabled={busy}
            >
              <ToggleButton value="Client">I want to hire</ToggleButton>
              <ToggleButton value="Developer">I am a developer</ToggleButton>
            </ToggleButtonGroup>
          )}
        />
      )}
      <FormTextField control={control} name="name" label="Name" autoComplete="name" disabled={busy} autoFocus />
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" disabled={busy} />
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="new-password"
        disabled={busy}
        helperText="At least 8 characters"
      />
      <Controller
        control={control}
        name="tos"
        render={({ field, fieldState }) => (
          <div>
            <FormControlLabel
              disabled={busy}
              control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={
                <Typography variant="body2">
                  I agree to the{' '}
                  <Link component={RouterLink} to="/terms" target="_blank">
                    Terms of Service
                  </Link>{' '}
                  and the{' '}
                  <Link component={RouterLink} to="/privacy" target="_blank">
                    Privacy Policy
                  </Link>
                </Typography>
              }
            />
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </div>
        )}
      />
      <SubmitButton busy={busy} size="large" disabled={!tos}>
        Sign Up
      </SubmitButton>
    </Stack>
  );
}
