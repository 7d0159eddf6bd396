import type { Me } from '@devmarket/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { clearAccessToken, getAccessToken, setAccessToken } from './cookie';

/** The signed-in user's key: anything that changes the user (a balance, a profile) refreshes it. */
export const userKey = ['user'] as const;

/** The signed-in user: the client-side "auth flag + user" of spec §3. */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: userKey,
    queryFn: () => api.get('/user'),
    staleTime: 60_000,
  });

/** The current user, or null for a guest (never suspends, never throws). */
export function useCurrentUser(): Me | null {
  const hasToken = Boolean(getAccessToken());
  const { data } = useQuery({ ...userQueryOptions(), enabled: hasToken });
  return hasToken ? (data ?? null) : null;
}

/** After login or sign-up: keep the token, then load the user (spec §4 session). */
export function useStartSession() {
  const qc = useQueryClient();
  return async (accessToken: string): Promise<Me> => {
    setAccessToken(accessToken);
    // Everything a guest loaded goes, but the user query stays: screens that rendered as a guest
    // observe it, and a removed query would never tell them (the New Project dialog would keep
    // showing its sign-up form). staleTime 0: always the user of the new token.
    const userKey = userQueryOptions().queryKey;
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== userKey[0] });
    return qc.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
  };
}

export function useEndSession() {
  const qc = useQueryClient();
  return async () => {
    const token = getAccessToken();
    clearAccessToken();
    if (token) {
      // Revoke server-side too; a failure here must not keep the user signed in locally.
      await fetch('/api/v1/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(
        () => {},
      );
    }
    qc.clear();
  };
}
