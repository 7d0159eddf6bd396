import type { Me } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoginForm } from '../../features/auth/components/login-form';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { VerifyStep } from '../../features/onboarding/components/verify-step';
import { notify } from '../../lib/notify';
import { userQueryOptions } from '../../lib/session';

/**
 * The sign-up / login tabs a guest sees in the New Project dialog (spec §2, §6), made of the auth
 * feature's own forms, so their checks and error reporting are the ones of /sign-up and /login
 * (a 429 or 500 is reported as such, never as a wrong password). A new client confirms the
 * e-mail code here too (onboarding's verify step), so the project can be created right after;
 * the dialog follows the signed-in user, so success needs no handler of its own.
 */
export function GuestAuth({ user }: { user: Me | null }) {
  const qc = useQueryClient();
  const [tab, setTab] = useState<'sign-up' | 'login'>('sign-up');
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
  const signedIn = () => {};
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_e, v: 'sign-up' | 'login') => setTab(v)}
        variant="fullWidth"
        sx={{ mb: 2 }}
        aria-label="Sign up or log in"
      >
        <Tab value="sign-up" label="Sign Up" />
        <Tab value="login" label="Login" />
      </Tabs>
      {tab === 'sign-up' ? <SignUpForm type="Client" onSuccess={signedIn} /> : <LoginForm onSuccess={signedIn} />}
    </Box>
  );
}
