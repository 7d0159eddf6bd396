import type { Me } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/loading';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { notify, notifyError } from '../../../lib/notify';
import { userQueryOptions } from '../../../lib/session';
import { AuthStep, type AuthTabsSlot } from '../components/auth-step';
import { LinksStep } from '../components/links-step';
import { ProfileStep } from '../components/profile-step';
import { ProgressDots, STEP_NAMES } from '../components/progress-dots';
import { ReviewStep } from '../components/review-step';
import { VerifyStep } from '../components/verify-step';

/** Spec §2 entry rules: the step a signed-in user needs next. */
export function stepFor(me: Me): number {
  if (!me.emailVerified) return 1;
  if (!me.username) return 2;
  if (!me.github) return 3;
  return 4;
}

/**
 * /sign-up/developer: the five-step wizard (Auth, Verify, Profile, Links, Review). The app route
 * (app/routes/developer-onboarding.tsx) gives it the auth feature's sign-up and login forms.
 */
export function DeveloperOnboarding({
  authTabs,
}: {
  authTabs: (onAuthenticated: (me: Me) => void, onModeChange: (mode: 'sign-up' | 'login') => void) => React.ReactNode;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Who is signed in, from the server (a guest's GET /user is a 401: no one, step 0).
  const user = useQuery(userQueryOptions());
  const me = user.error ? undefined : user.data;
  const [step, setStep] = useState<number | null>(null);
  const current = me ? (step ?? stepFor(me)) : 0;
  // A client only verifies the e-mail: one step, no developer wizard (DESIGN §13).
  const isClient = me?.type === 'Client';
  useDocumentTitle(isClient ? 'Verify your e-mail' : `${STEP_NAMES[current]} · Developer onboarding`);
  const loading = user.isPending;

  useEffect(() => {
    if (params.get('verify_link') !== 'invalid' || loading) return;
    // A used link of an account that is already verified is no error: the redirect below takes it home.
    if (me?.verified) return;
    notifyError('Verification link expired', 'Enter the code from the latest email, or request a new one.');
    params.delete('verify_link');
    setParams(params, { replace: true });
  }, [params, setParams, loading, me?.verified]);

  if (loading) return <PageLoading />;
  // A verified user has nothing to do here (spec §2: a verified developer is sent to /).
  if (me?.verified && step === null) return <Navigate to="/" replace />;

  const refreshed = async () => qc.fetchQuery({ ...userQueryOptions(), staleTime: 0 });

  let content: React.ReactNode;
  if (!me) {
    content = (
      <AuthStep
        authTabs={
          ((onModeChange) =>
            authTabs((fresh) => {
              if (fresh.verified) navigate('/', { replace: true });
              else setStep(stepFor(fresh));
            }, onModeChange)) satisfies AuthTabsSlot
        }
      />
    );
  } else if (current === 1) {
    content = (
      <VerifyStep
        email={me.email}
        onVerified={async () => {
          const fresh = await refreshed();
          notify('Email verified successfully');
          // A client is done once the e-mail is verified.
          if (fresh.verified) navigate('/', { replace: true });
          else setStep(stepFor(fresh) === 1 ? 2 : stepFor(fresh));
        }}
      />
    );
  } else if (current === 2) {
    content = <ProfileStep me={me} onDone={() => setStep(3)} />;
  } else if (current === 3) {
    content = <LinksStep me={me} onDone={() => setStep(4)} />;
  } else {
    content = <ReviewStep me={me} onEditLinks={() => setStep(3)} />;
  }

  return (
    <Box>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        {content}
        {!isClient && <ProgressDots step={current} />}
      </Paper>
      {me && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Link component={RouterLink} to="/logout" variant="body2" color="text.secondary">
            Not {me.firstName}? Log out
          </Link>
        </Box>
      )}
    </Box>
  );
}
