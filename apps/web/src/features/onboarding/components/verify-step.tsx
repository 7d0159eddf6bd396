import { AUTH_MSG, RESEND_SPINNER_MS, VERIFICATION_CODE_LENGTH } from '@devmarket/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { resendVerification } from '../api/resend-verification';
import { verifyEmail } from '../api/verify-email';
import { PageHeading } from '../../../components/form-page';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Step 2: the 6-digit code is sent by itself on the 6th digit (digits only); an error clears it.
 * 'Resend verification code' spins about 1.5 s, then says 'Verification sent. Check your email'.
 */
export function VerifyStep({ email, onVerified }: { email: string; onVerified: () => Promise<void> | void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);

  const submit = async (value: string) => {
    if (value.length !== VERIFICATION_CODE_LENGTH) return;
    setBusy(true);
    setError(null);
    try {
      const r = await verifyEmail(value);
      if (r.verified) await onVerified();
    } catch (err) {
      setCode('');
      handleFailure(err, (errors) => setError(errors.code ?? null));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await Promise.all([resendVerification(), wait(RESEND_SPINNER_MS)]);
      setCode('');
      setError(null);
      notify(AUTH_MSG.verificationSent);
    } catch (err) {
      handleFailure(err);
    } finally {
      setResending(false);
    }
  };

  return (
    <Box>
      <PageHeading title="Verify Email Address" titleGap={1}>
        Check your email{email ? ` (${email})` : ''} for a verification code and enter it below.
      </PageHeading>
      <TextField
        label="Verification code"
        value={code}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
          setCode(digits);
          if (digits.length === VERIFICATION_CODE_LENGTH) void submit(digits);
        }}
        disabled={busy}
        autoFocus
        autoComplete="one-time-code"
        error={Boolean(error)}
        helperText={error ?? `Enter the ${VERIFICATION_CODE_LENGTH}-digit code from the email.`}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            pattern: '[0-9]*',
            maxLength: VERIFICATION_CODE_LENGTH,
            style: { letterSpacing: '0.5em', fontSize: '1.5rem', textAlign: 'center', fontWeight: 600 },
          },
          input: { endAdornment: busy ? <CircularProgress size={20} aria-label="Verifying" /> : undefined },
        }}
      />
      <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1, minHeight: 28 }}>
        {resending ? (
          <>
            <CircularProgress size={18} aria-label="Sending" />
            <Typography variant="body2" color="text.secondary">
              Sending…
            </Typography>
          </>
        ) : (
          <Link component="button" type="button" variant="body2" onClick={resend} disabled={busy}>
            Resend verification code
          </Link>
        )}
      </Box>
    </Box>
  );
}
