import { type Me, onboardingProfileForm, type OnboardingProfileForm } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields';
import { useSaveStep } from './use-save-step';
import { SubmitButton } from '../../../components/form-page';
import { PageHeading } from '../../../components/form-page';

/** Step 3: Username, Title and About, all required; 'Update Profile' is disabled until valid. */
export function ProfileStep({ me, onDone }: { me: Me; onDone: () => void }) {
  const form = useForm<OnboardingProfileForm>({
    resolver: zodResolver(onboardingProfileForm),
    mode: 'onChange',
    defaultValues: { username: me.username ?? '', title: me.title ?? '', about: me.about ?? '' },
  });
  const { control, formState } = form;
  const busy = formState.isSubmitting;
  const onSubmit = useSaveStep(form, ['username', 'title', 'about'], onDone);
  return (
    <>
      <PageHeading title="Complete Your Profile" titleGap={1}>
        This information will be displayed to clients on your public profile.
      </PageHeading>
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
        <SubmitButton busy={busy} size="large" disabled={!formState.isValid}>
          Update Profile
        </SubmitButton>
      </Stack>
    </>
  );
}
