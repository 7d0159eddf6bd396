import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useVerifyMyBalance } from '../api/solvency';
import type { Verification } from '../lib/verify';

const FAILURES: Record<Exclude<Verification, { ok: true }>['reason'], string> = {
  'not-included':
    'Your balance is not in the latest snapshot. Only accounts with a balance above zero at publishing time are included; if you had money then, contact support.',
  leaf: 'Verification failed: your leaf does not match your id, nonce and balance.',
  root: 'Verification failed: the path from your balance does not lead to the root it names.',
  'not-published': 'Verification failed: your proof does not lead to the published root.',
  'no-crypto':
    'This browser cannot compute SHA-256 here (Web Crypto needs a secure https address). Try the manual check below.',
};

/** "Verify my balance": fetches the signed-in user's proof and recomputes it in this browser. */
export function VerifyBalance() {
  const verify = useVerifyMyBalance();
  const result = verify.data;
  return (
    <Box>
      <Button variant="contained" onClick={() => verify.mutate()} disabled={verify.isPending}>
        {verify.isPending ? 'Verifying…' : 'Verify my balance'}
      </Button>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {verify.isError && <Alert severity="error">The proof could not be loaded. Please try again.</Alert>}
        {result &&
          (result.verification.ok ? (
            <Alert severity="success">
              Your balance of {result.verification.balance} USDT is included in the published total
            </Alert>
          ) : (
            <Alert severity={result.verification.reason === 'not-included' ? 'info' : 'error'}>
              {FAILURES[result.verification.reason]}
            </Alert>
          ))}
        {result?.proof && (
          <Box
            component="dl"
            sx={{
              mt: 2,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
              columnGap: 2,
              rowGap: 0.5,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere', mb: { xs: 1, sm: 0 } },
            }}
          >
            <dt>Your nonce</dt>
            <dd>{result.proof.leaf.nonce}</dd>
            <dt>Your leaf</dt>
            <dd>{result.proof.leaf.hash}</dd>
            <dt>Steps to the root</dt>
            <dd>{result.proof.path.length}</dd>
          </Box>
        )}
      </Box>
    </Box>
  );
}
