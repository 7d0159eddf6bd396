import Typography from '@mui/material/Typography';
import { useState } from 'react';

export type AuthTabsSlot = (onModeChange: (mode: 'sign-up' | 'login') => void) => React.ReactNode;

/**
 * Step 1: sign up as a Developer, or log in. The forms themselves belong to the auth feature; the
 * app passes them in (`authTabs`), so this feature does not import another one.
 */
export function AuthStep({ authTabs }: { authTabs: AuthTabsSlot }) {
  const [mode, setMode] = useState<'sign-up' | 'login'>('sign-up');
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 1 }}>
        {mode === 'sign-up' ? 'Join as a developer' : 'Welcome back'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {mode === 'sign-up'
          ? 'Create your developer account to find projects and get paid in USDT.'
          : 'Log in to continue your onboarding.'}
      </Typography>
      {authTabs(setMode)}
    </>
  );
}
