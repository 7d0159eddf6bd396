import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatUsdt } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useSolvency } from '../api/solvency';
import { VerifyBalance } from '../components/verify-balance';

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** /solvency (DESIGN §15): the published root of what we owe users, and a user's own check. */
export default function SolvencyPage() {
  useDocumentTitle('Proof of liabilities');
  const user = useCurrentUser();
  const location = useLocation();
  const latest = useSolvency();
  const notYet = latest.error instanceof ApiError && latest.error.status === 404;
  return (
    <Stack spacing={3} sx={{ maxWidth: 860, mx: 'auto', minWidth: 0 }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Proof of liabilities
        </Typography>
        <Typography color="text.secondary">
          Every hour we publish one number: the total we owe our users in USDT, committed in a Merkle sum tree that each
          user can check their own balance against.
        </Typography>
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label="Latest snapshot" component="section">
        {latest.isPending ? (
          <Stack spacing={1}>
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        ) : notYet ? (
          <Typography>No snapshot has been published yet. The first one appears within the hour.</Typography>
        ) : latest.isError ? (
          <Alert severity="error">The latest snapshot could not be loaded. Please try again later.</Alert>
        ) : (
          <Stack spacing={2}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
              <Figure label="Total owed to users">{formatUsdt(latest.data.root.sum)}</Figure>
              <Figure label="Published">{formatDateTime(latest.data.publishedAt)}</Figure>
              <Figure label="Balances included">{latest.data.leaves.toLocaleString('en-US')}</Figure>
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                Root hash
              </Typography>
              <Typography
                data-testid="solvency-root"
                sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', wordBreak: 'break-all' }}
              >
                {latest.data.root.hash}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Root sum: {latest.data.root.sum} USDT
              </Typography>
            </Box>
            <Divider />
            {user ? (
              <VerifyBalance />
            ) : (
              <Typography>
                <Button component={RouterLink} to={`/login?redirect=${encodeURIComponent(location.pathname)}`}>
                  Sign in
                </Button>{' '}
                to verify that your balance is included.
              </Typography>
            )}
          </Stack>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="solvency-what">
        <Typography variant="h3" component="h2" id="solvency-what" gutterBottom>
          What this proves, and what it does not
        </Typography>
        <Typography sx={{ mb: 2 }}>
          <strong>It proves</strong> that your balance, as our ledger held it at the published time, is counted in the
          published total, and that the total is the exact sum of every user's balance in the tree: no balance can be
          left out of the total or counted smaller without the check of its owner failing. The total equals what our
          ledger owed all users at that instant (available plus held in escrow or pending withdrawals).
        </Typography>
        <Typography sx={{ mb: 2 }}>
          <strong>It does not prove</strong> that we hold assets to cover the total. A proof of liabilities shows what
          we owe, not what we own. We do not publish wallet balances beside it: our hot wallet holds only the float for
          payouts and deposit addresses are swept to an operator wallet, so neither alone would measure our reserves.
          Each user checks only their own balance; the more users check, the stronger the total.
        </Typography>
        <Typography variant="h4" component="h3" gutterBottom>
          Check it without us
        </Typography>
        <Typography sx={{ mb: 1 }}>
          Your proof (GET /api/v1/user/solvency-proof) has your id, a random nonce, your balance and the sibling hashes
          up to the root. Anyone can recompute it with SHA-256, as this page does in your browser:
        </Typography>
        <Box
          component="pre"
          sx={{
            m: 0,
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {`leaf = sha256("leaf:" + userId + ":" + nonce + ":" + balance), sum = balance
parent = sha256("node:" + L.hash + ":" + L.sum + ":" + R.hash + ":" + R.sum), sum = L.sum + R.sum
amounts are written with 6 decimals ("150.000000"); hashes as lowercase hex`}
        </Box>
      </Paper>
    </Stack>
  );
}
