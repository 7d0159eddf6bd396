import type { Me } from '@devmarket/contract';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoginForm } from '../../auth/components/login-form';
import { SignUpForm } from '../../auth/components/sign-up-form';

/** Step 1: sign up as a Developer, or log in. */
export function AuthStep({ onAuthenticated }: { onAuthenticated: (me: Me) => void }) {
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
      <Tabs
        value={mode}
        onChange={(_e, v: 'sign-up' | 'login') => setMode(v)}
        variant="fullWidth"
        aria-label="Sign up or log in"
        sx={{ mb: 3 }}
      >
        <Tab value="sign-up" label="Sign Up" />
        <Tab value="login" label="Login" />
      </Tabs>
      {mode === 'sign-up' ? (
        <SignUpForm type="Developer" onSuccess={onAuthenticated} />
      ) : (
        <LoginForm onSuccess={onAuthenticated} />
      )}
    </>
  );
}
