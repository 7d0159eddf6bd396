import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/loading';
import { ApiError } from '../lib/api-client';
import { encodeRedirect } from '../lib/base64';
import { clearAccessToken, getAccessToken } from '../lib/cookie';
import { setDisplayTimeZone } from '../lib/format';
import { myProjectsQueryOptions } from '../lib/projects';
import { userQueryOptions } from '../lib/session';
import { threadsQueryOptions } from '../features/messages/api/get-threads';
import { paths } from './paths';

/**
 * The route guard of spec §2: reads the AccessToken cookie, loads the user (and prefetches the
 * user's projects and threads), sends unverified users to onboarding, and on failure or without
 * a token sends strict routes to /login with the path as base64 in `redirect`.
 */
const UNVERIFIED_ALLOWED = new Set<string>([
  paths.signUpDeveloper.path,
  paths.account.path,
  paths.logout.path,
  // The New Project dialog confirms a new client's e-mail code itself (projects issue).
  paths.newProject.path,
]);

export type GuardMode = 'strict' | 'optional';

export function AuthGuard({ mode }: { mode: GuardMode }) {
  const location = useLocation();
  const qc = useQueryClient();
  const token = getAccessToken();
  const user = useQuery({ ...userQueryOptions(), enabled: Boolean(token) });
  // Dates show in the timezone from /account, else the browser's (DESIGN §13); set before pages render.
  setDisplayTimeZone(token ? user.data?.timezone : null);

  useEffect(() => {
    if (!user.data) return;
    // GET /projects/my answers 403 until the account is verified: not asked before (issue 28).
    if (user.data.verified) void qc.prefetchQuery(myProjectsQueryOptions());
    void qc.prefetchQuery(threadsQueryOptions());
  }, [user.data, qc]);

  useEffect(() => {
    if (user.error) {
      console.error('session bootstrap failed', user.error);
      if (user.error instanceof ApiError && user.error.status === 401) clearAccessToken();
    }
  }, [user.error]);

  const toLogin = <Navigate to={paths.login.href(encodeRedirect(location.pathname + location.search))} replace />;

  if (!token) return mode === 'strict' ? toLogin : <Outlet />;
  if (user.isPending) return <PageLoading />;
  if (user.error) return mode === 'strict' ? toLogin : <Outlet />;
  // Unverified users may use only onboarding and their account (DESIGN §4).
  if (!user.data.verified && !UNVERIFIED_ALLOWED.has(location.pathname)) {
    return <Navigate to={paths.signUpDeveloper.href()} replace />;
  }
  return <Outlet />;
}
