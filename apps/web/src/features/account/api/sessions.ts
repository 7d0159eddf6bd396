import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The account's query keys for sessions (under the user's key: they go with a sign-out). */
export const sessionKeys = { all: ['user', 'sessions'] as const };

/** GET /user/sessions: my signed-in sessions, this browser's marked `current`. */
export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.all, queryFn: () => api.get('/user/sessions') });

/** DELETE /user/sessions/{id}: signs one other session out (its browser is refused at once). */
export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/user/sessions/:id', { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** POST /user/sessions/revoke-others: signs out every session but this browser's. */
export function useRevokeOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/user/sessions/revoke-others'),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
