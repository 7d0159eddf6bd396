import { type Me, onboardingLinksForm, type OnboardingLinksForm } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import GitHubIcon from '@mui/icons-material/GitHub';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-fields';
import { useSaveStep } from './use-save-step';
import { SubmitButton } from '../../../components/form-page';
import { PageHeading } from '../../../components/form-page';

type OnboardingLinksOutput = z.output<typeof onboardingLinksForm>;

/** A field's leading icon (the site the link is to). */
const startIcon = (icon: React.ReactNode) => ({
  input: { startAdornment: <InputAdornment position="start">{icon}</InputAdornment> },
});

/** Step 4: GitHub required, LinkedIn optional; 'Submit' is disabled until valid and starts the review. */
export function LinksStep({ me, onDone }: { me: Me; onDone: () => void }) {
  const form = useForm<OnboardingLinksForm, unknown, OnboardingLinksOutput>({
    resolver: zodResolver(onboardingLinksForm),
    mode: 'onChange',
    defaultValues: { github: me.github ?? '', linkedin: me.linkedin ?? '' },
  });
  const { control, formState } = form;
  const busy = formState.isSubmitting;
  const onSubmit = useSaveStep(form, ['github', 'linkedin'], onDone);
  return (
    <>
      <PageHeading title="Profile Links" titleGap={1}>
        We use these links to verify your profile.
      </PageHeading>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <FormTextField
          control={control}
          name="github"
          label="GitHub"
          placeholder="https://github.com/your-name"
          disabled={busy}
          autoFocus
          slotProps={startIcon(<GitHubIcon fontSize="small" />)}
        />
        <FormTextField
          control={control}
          name="linkedin"
          label="LinkedIn (optional)"
          placeholder="https://www.linkedin.com/in/your-name"
          disabled={busy}
          slotProps={startIcon(<LinkedInIcon fontSize="small" />)}
        />
        <SubmitButton busy={busy} size="large" disabled={!formState.isValid}>
          Submit
        </SubmitButton>
      </Stack>
    </>
  );
}
