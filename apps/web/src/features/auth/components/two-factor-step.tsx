import type { Me } from '@devmarket/contract';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type FormEvent, useRef, useState } from 'react';
import { SubmitButton } from '../../../components/form-page';
import { ApiError, handleFailure } from '../../../lib/api-client';
import { useStartSession } from '../../../lib/session';
import { loginTwoFactor } from '../api/login';
import { LoginField } from './login-field';

/**
 * DESIGN §14: the second screen of a sign-in with two-step verification. The ticket of the first
 * step and a code from the authenticator app (or a recovery code) answer the session, handled as
 * a login's. A dead ticket (5 minutes, 5 wrong codes) sends the person back to the first screen.
 */
export default function TwoFactorStep({
  ticket,
  onSuccess,
  onRestart,
  pageTitle = false,
}: {
  /** The title is the page's own heading (the login page), else a section's (dialog, wizard). */
  pageTitle?: boolean;
  ticket: string;
  onSuccess: (me: Me) => void;
  onRestart: (reason: string) => void;
}) {
  const startSession = useStartSession();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const label = recovery ? 'Recovery code' : 'Authentication code';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = code.replace(/\s+/g, '');
    if (!value) {
      setError(recovery ? 'Enter one of your recovery codes' : 'Enter the code from your authenticator app');
      ref.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      // The server sets the HttpOnly session cookie with the answer, exactly as for a login.
      await loginTwoFactor({ ticket, code: value });
      const me = await startSession();
      setBusy(false);
      onSuccess(me);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 401) {
        console.error(err);
        onRestart(err.message);
        return;
      }
      handleFailure(err, (fields) => {
        setError(fields.code ?? fields.ticket);
        setTimeout(() => ref.current?.focus());
      });
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Two-step verification">
      <Typography variant={pageTitle ? 'h1' : 'h2'} sx={{ fontSize: pageTitle ? '1.6rem' : '1.25rem' }}>
        Two-step verification
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step verification. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </Typography>
      <LoginField
        key={label}
        label={label}
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
        disabled={busy}
        inputRef={ref}
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
      />
      <FormControlLabel
        control={
          <Switch
            checked={recovery}
            onChange={(e) => {
              setRecovery(e.target.checked);
              setCode('');
              setError(undefined);
            }}
            disabled={busy}
          />
        }
        label="Use a recovery code"
      />
      <SubmitButton busy={busy} size="large">
        Verify
      </SubmitButton>
      <Button onClick={() => onRestart('')} disabled={busy}>
        Back to sign-in
      </Button>
    </Stack>
  );
}
