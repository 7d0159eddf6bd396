import { type Me, onboardingLinksForm, type OnboardingLinksForm } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import GitHubIcon from '@mui/icons-material/GitHub';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors, FormTextField } from '../../../components/form-fields';
import { handleFailure } from '../../../lib/api-client';
import { useUpdateUser } from '../api/update-user';

type OnboardingLinksOutput = z.output<typeof onboardingLinksForm>;

/** Step 4: GitHub required, LinkedIn optional; 'Submit' is disabled until valid and starts the review. */
export function LinksStep({ me, onDone }: { me: Me; onDone: () => void }) {
  const update = useUpdateUser();
  const { control, handleSubmit, setError, formState } = useForm<OnboardingLinksForm, unknown, OnboardingLinksOutput>({
    resolver: zodResolver(onboardingLinksForm),
    mode: 'onChange',
    defaultValues: { github: me.github ?? '', linkedin: me.linkedin ?? '' },
  });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      onDone();
    } catch (err) {
      handleFailure(err, (errors) => applyFieldErrors(setError, errors, ['github', 'linkedin']));
    }
  });
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 1 }}>
        Profile Links
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        We use these links to verify your profile.
      </Typography>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <FormTextField
          control={control}
          name="github"
          label="GitHub"
          placeholder="https://github.com/your-name"
          disabled={busy}
          autoFocus
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <GitHubIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <FormTextField
          control={control}
          name="linkedin"
          label="LinkedIn (optional)"
          placeholder="https://www.linkedin.com/in/your-name"
          disabled={busy}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <LinkedInIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!formState.isValid || busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Submit
        </Button>
      </Stack>
    </>
  );
}
