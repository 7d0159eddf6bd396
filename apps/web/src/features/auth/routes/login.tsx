import type { Me } from '@devmarket/contract';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { decodeRedirect } from '../../../lib/base64';
import { LoginForm } from '../components/login-form';
import { PageHeading } from '../../../components/form-page';

/** /login: after login an unverified user goes to onboarding, others to the `redirect` path (base64) or /. */
export default function LoginPage() {
  const [twoFactor, setTwoFactor] = useState(false);
  useDocumentTitle(twoFactor ? 'Two-step verification' : 'Log in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const onSuccess = (me: Me) => {
    if (!me.verified) navigate('/sign-up/developer', { replace: true });
    else navigate(decodeRedirect(params.get('redirect')) ?? '/', { replace: true });
  };
  return (
    <>
      {!twoFactor && <PageHeading title="Welcome back">Log in to your DevMarket account.</PageHeading>}
      <LoginForm onSuccess={onSuccess} onTwoFactor={setTwoFactor} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        New to DevMarket?{' '}
        <Link component={RouterLink} to="/sign-up">
          Create an account
        </Link>
      </Typography>
    </>
  );
}
