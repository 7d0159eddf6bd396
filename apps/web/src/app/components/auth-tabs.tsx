import type { Me } from '@devmarket/contract';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { LoginForm } from '../../features/auth/components/login-form';
import { SignUpForm } from '../../features/auth/components/sign-up-form';

type Mode = 'sign-up' | 'login';

/**
 * "Sign Up" / "Login" tabs made of the auth feature's own forms, so their checks and error
 * reporting are those of /sign-up and /login. The app composes them into the features that need
 * a guest to sign in (the onboarding wizard, the New Project dialog): a feature never imports
 * another feature (docs/architecture.md).
 */
export function AuthTabs({
  type,
  onAuthenticated,
  onModeChange,
}: {
  type: 'Client' | 'Developer';
  onAuthenticated: (me: Me) => void;
  onModeChange?: (mode: Mode) => void;
}) {
  const [mode, setMode] = useState<Mode>('sign-up');
  return (
    <>
      <Tabs
        value={mode}
        onChange={(_e, v: Mode) => {
          setMode(v);
          onModeChange?.(v);
        }}
        variant="fullWidth"
        aria-label="Sign up or log in"
        sx={{ mb: type === 'Developer' ? 3 : 2 }}
      >
        <Tab value="sign-up" label="Sign Up" />
        <Tab value="login" label="Login" />
      </Tabs>
      {mode === 'sign-up' ? (
        <SignUpForm type={type} onSuccess={onAuthenticated} />
      ) : (
        <LoginForm onSuccess={onAuthenticated} />
      )}
    </>
  );
}
