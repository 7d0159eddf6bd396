import { AUTH_MSG, type Me } from '@devmarket/contract';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { userQueryOptions } from '../../../lib/session';
import { PageHeading } from '../../../components/form-page';

/** Step 5: waiting for staff; 'Check Account Status' reloads the user ('Account Approved' → /, else 'Account Pending'). */
export function ReviewStep({ me, onEditLinks }: { me: Me; onEditLinks: () => void }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    try {
      const fresh = await qc.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
      if (fresh.verified) {
        notify(AUTH_MSG.accountApproved);
        navigate('/', { replace: true });
      } else {
        notify(AUTH_MSG.accountPending, { variant: 'info' });
      }
    } catch (err) {
      handleFailure(err);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Box sx={{ textAlign: 'center' }}>
      <HourglassTopOutlined color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <PageHeading title="Account In Review" titleGap={1}>
        A team member is reviewing your details and will reach out once your account is approved.
      </PageHeading>
      {me.reviewStatus === 'rejected' && (
        <Alert
          severity="warning"
          sx={{ mb: 3, textAlign: 'left' }}
          action={
            <Button color="inherit" size="small" onClick={onEditLinks}>
              Update links
            </Button>
          }
        >
          Your account was not approved yet. Check the email we sent, update your links and submit them again.
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1, minHeight: 28 }}>
        {checking && <CircularProgress size={18} aria-label="Checking" />}
        <Link component="button" type="button" onClick={check} disabled={checking} sx={{ fontWeight: 600 }}>
          Check Account Status
        </Link>
      </Box>
    </Box>
  );
}
