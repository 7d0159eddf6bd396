import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '../lib/api-client';
import { encodeRedirect } from '../lib/base64';
import { setDisplayTimeZone } from '../lib/format';
import { myProjectsQueryOptions } from '../lib/projects';
import { maySignedIn, userQueryOptions } from '../lib/session';
import { threadsQueryOptions } from '../features/messages/api/get-threads';
import { ShellSkeleton } from './layouts/shell-skeleton';
import { headingFor } from './page-headings';
import { paths } from './paths';

/**
 * The route guard of spec §2: asks the server who is signed in (GET /user; the HttpOnly session
 * cookie is the server's, DESIGN §14), prefetches the user's projects and threads, sends
 * unverified users to onboarding, and for a guest (401) or on failure sends strict routes to
 * /login with the path as base64 in `redirect`.
 */
const UNVERIFIED_ALLOWED = new Set<string>([
  paths.signUpDeveloper.path,
  paths.account.path,
  paths.logout.path,
  // The New Project dialog confirms a new client's e-mail code itself (projects issue).
  paths.newProject.path,
]);

export type GuardMode = 'strict' | 'optional';
/** The frame drawn while GET /user is on its way: a page's, or the project workspace's. */
export type GuardFrame = 'page' | 'workspace';

export function AuthGuard({ mode, frame: frameKind = 'page' }: { mode: GuardMode; frame?: GuardFrame }) {
  const location = useLocation();
  const qc = useQueryClient();
  const user = useQuery(userQueryOptions());
  // The signed-in page (layout, page and everything in them) is the app's largest draw. Drawn from
  // this deferred copy, React draws it as a transition that it pauses every few milliseconds for
  // the browser, instead of one long task that blocks taps and scrolling (issue 33: total blocking
  // time). The frame stays on screen meanwhile, as it did while GET /user was on its way.
  const shownUser = useDeferredValue(user.data);
  // Dates show in the timezone from /account, else the browser's (DESIGN §13); set before pages render.
  setDisplayTimeZone(user.error ? null : user.data?.timezone);

  useEffect(() => {
    if (!user.data) return;
    // GET /projects/my answers 403 until the account is verified: not asked before (issue 28).
    if (user.data.verified) void qc.prefetchQuery(myProjectsQueryOptions());
    void qc.prefetchQuery(threadsQueryOptions());
  }, [user.data, qc]);

  useEffect(() => {
    // A guest's 401 is the normal answer; anything else is worth a line in the console.
    if (user.error && !(user.error instanceof ApiError && user.error.status === 401)) {
      console.error('session bootstrap failed', user.error);
    }
  }, [user.error]);

  const frame = <ShellSkeleton heading={headingFor(location.pathname)} workspace={frameKind === 'workspace'} />;
  const toLogin = <Navigate to={paths.login.href(encodeRedirect(location.pathname + location.search))} replace />;

  // A browser without the session hint is a guest's: its answer is known without waiting (the
  // query fails at once, session.ts), and the first render already draws the guest's page, the
  // one the build pre-rendered. With the hint: the app frame and a skeleton until GET /user
  // answers, also pre-rendered (src/prerender.tsx), so this first render matches that HTML.
  if (user.isPending) {
    if (maySignedIn()) return frame;
    return mode === 'strict' ? toLogin : <Outlet />;
  }
  if (user.error) return mode === 'strict' ? toLogin : <Outlet />;
  // Unverified users may use only onboarding and their account (DESIGN §4).
  if (!user.data.verified && !UNVERIFIED_ALLOWED.has(location.pathname)) {
    return <Navigate to={paths.signUpDeveloper.href()} replace />;
  }
  if (!shownUser) return frame;
  return <Outlet />;
}
