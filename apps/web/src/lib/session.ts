import type { Me } from '@devmarket/contract';
import { SESSION_HINT_COOKIE } from '@devmarket/contract/constants';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './api-client';

/** Set by a sign-in on this page, for when the hint cookie is not (yet) readable. */
let startedHere = false;

/**
 * Whether there may be a session: the server's hint cookie (no secret; the session itself is
 * the HttpOnly AccessToken this app never reads), or a sign-in on this page. The build's
 * pre-render has no document: it says which case it draws (prerenderSessionHint).
 */
export const maySignedIn = () =>
  startedHere ||
  (typeof document !== 'undefined' && document.cookie.split('; ').some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`)));

/** The build's pre-render (src/prerender.tsx): draw the signed-in frame or the guest's page. */
export function prerenderSessionHint(signedIn: boolean) {
  startedHere = signedIn;
}

const GUEST = () =>
  new ApiError(401, { msg: 'Please log in to continue', error: 'Unauthorized' }, 'Please log in to continue');

/** The signed-in user's key: anything that changes the user (a balance, a profile) refreshes it. */
export const userKey = ['user'] as const;

/**
 * The signed-in user: the client-side "auth flag + user" of spec §3. The session is the server's
 * HttpOnly AccessToken cookie, which this app never reads (DESIGN §14): it asks GET /user, and a
 * guest's 401 means "nobody" (4xx are not retried, query-client.ts).
 */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: userKey,
    // A guest's browser holds no hint: answer "nobody" without a request that must fail.
    queryFn: async () => {
      if (!maySignedIn()) throw GUEST();
      try {
        return await api.get('/user');
      } catch (err) {
        // The session ended elsewhere (signed out, revoked): forget the hint too.
        if (err instanceof ApiError && err.status === 401)
          document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`;
        throw err;
      }
    },
    staleTime: 60_000,
    // A guest's answer is an error (401): a page mounting must not ask again, or the guard's
    // loading state and the page's own observer would take turns refetching forever.
    retryOnMount: false,
  });

/** The current user, or null for a guest (never suspends, never throws). */
export function useCurrentUser(): Me | null {
  const { data, error } = useQuery(userQueryOptions());
  return error ? null : (data ?? null);
}

/**
 * After login or sign-up (the server has set the session cookie with its answer): load the user
 * (spec §4 session).
 */
export function useStartSession() {
  const qc = useQueryClient();
  return async (): Promise<Me> => {
    // Everything a guest loaded goes, but the user query stays: screens that rendered as a guest
    // observe it, and a removed query would never tell them (the New Project dialog would keep
    // showing its sign-up form). staleTime 0: always the user of the new token.
    startedHere = true;
    const userKey = userQueryOptions().queryKey;
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== userKey[0] });
    return qc.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
  };
}

export function useEndSession() {
  const qc = useQueryClient();
  return async () => {
    // The server revokes the session and clears its cookie; a failure here must not keep the
    // user signed in locally (the cached user goes either way).
    await fetch('/api/v1/auth/logout', { method: 'POST' }).catch(() => {});
    startedHere = false;
    qc.clear();
  };
}
