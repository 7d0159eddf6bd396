import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/loading';
import { useEndSession } from '../../lib/session';
import { paths } from '../paths';

/** Removes the access cookie (and revokes the token), then goes to /login keeping `redirect`. */
export default function LogoutPage() {
  const endSession = useEndSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount
  useEffect(() => {
    const redirect = params.get('redirect') ?? undefined;
    void endSession().then(() => navigate(paths.login.href(redirect), { replace: true }));
  }, []);
  return <PageLoading />;
}
