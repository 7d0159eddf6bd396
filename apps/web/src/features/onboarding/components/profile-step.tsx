import { type Me, onboardingProfileForm, type OnboardingProfileForm } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { applyFieldErrors, FormTextField } from '../../../components/form-fields';
import { handleFailure } from '../../../lib/api-client';
import { useUpdateUser } from '../api/update-user';

/** Step 3: Username, Title and About, all required; 'Update Profile' is disabled until valid. */
export function ProfileStep({ me, onDone }: { me: Me; onDone: () => void }) {
  const update = useUpdateUser();
  const { control, handleSubmit, setError, formState } = useForm<OnboardingProfileForm>({
    resolver: zodResolver(onboardingProfileForm),
    mode: 'onChange',
    defaultValues: { username: me.username ?? '', title: me.title ?? '', about: me.about ?? '' },
  });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      onDone();
    } catch (err) {
      handleFailure(err, (errors) => applyFieldErrors(setError, errors, ['username', 'title', 'about']));
    }
  });
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 1 }}>
        Complete Your Profile
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This information will be displayed to clients on your public profile.
      </Typography>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <FormTextField
          control={control}
          name="username"
          label="Username"
          disabled={busy}
          autoFocus
          helperText="3 to 30 of a–z, 0–9, - and _. Your profile lives at /dev/username."
        />
        <FormTextField
          control={control}
          name="title"
          label="Title"
          placeholder="e.g. Senior Full-Stack Developer"
          disabled={busy}
        />
        <FormTextField control={control} name="about" label="About" multiline rows={3} disabled={busy} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!formState.isValid || busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Update Profile
        </Button>
      </Stack>
    </>
  );
}
