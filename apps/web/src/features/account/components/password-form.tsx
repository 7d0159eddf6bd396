import { AUTH_MSG, MSG, passwordSchema } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyFieldErrors, FormTextField } from '../../../components/form-fields';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUpdatePassword } from '../api/update-password';
import { AccountForm } from './account-form';

const passwordForm = z.object({ password: z.string().min(1, MSG.required), newPassword: passwordSchema });
type PasswordForm = z.infer<typeof passwordForm>;

/** Password change (password, newPassword): 'Password updated.'; this browser stays signed in. */
export function PasswordForm() {
  const mutation = useUpdatePassword();
  const { control, handleSubmit, setError, formState, reset } = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { password: '', newPassword: '' },
  });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      reset();
      notify(AUTH_MSG.passwordUpdated);
    } catch (err) {
      handleFailure(err, (errors) => applyFieldErrors(setError, errors, ['password', 'newPassword']));
    }
  });
  return (
    <AccountForm label="Change password" onSubmit={onSubmit} busy={busy} submitLabel="Update Password">
      <FormTextField
        control={control}
        name="password"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        disabled={busy}
      />
      <FormTextField
        control={control}
        name="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
        disabled={busy}
        helperText="At least 8 characters"
      />
    </AccountForm>
  );
}
