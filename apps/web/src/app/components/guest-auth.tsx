import type { Me } from '@devmarket/contract';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { VerifyStep } from '../../features/onboarding/components/verify-step';
import { notify } from '../../lib/notify';
import { userQueryOptions } from '../../lib/session';
import { AuthTabs } from './auth-tabs';

/**
 * The sign-up / login tabs a guest sees in the New Project dialog (spec §2, §6), made of the auth
 * feature's own forms, so their checks and error reporting are the ones of /sign-up and /login
 * (a 429 or 500 is reported as such, never as a wrong password). A new client confirms the
 * e-mail code here too (onboarding's verify step), so the project can be created right after;
 * the dialog follows the signed-in user, so success needs no handler of its own.
 */
export function GuestAuth({ user }: { user: Me | null }) {
  const qc = useQueryClient();
  if (user && !user.emailVerified) {
    return (
      <VerifyStep
        email={user.email}
        onVerified={async () => {
          await qc.invalidateQueries({ queryKey: userQueryOptions().queryKey });
          notify('Email verified successfully');
        }}
      />
    );
  }
  // The dialog follows the signed-in user, so success needs no handler of its own.
  return (
    <Box>
      <AuthTabs type="Client" onAuthenticated={() => {}} />
    </Box>
  );
}
