import Box from '@mui/material/Box';
import type { FormEventHandler } from 'react';
import { SubmitButton } from '../../../components/form-page';

/** A form of the account page: its fields in two columns (one on phones), then its submit button. */
export function AccountForm({
  label,
  onSubmit,
  busy,
  submitLabel,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  submitLabel: string;
  children: React.ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </Box>
    </Box>
  );
}
