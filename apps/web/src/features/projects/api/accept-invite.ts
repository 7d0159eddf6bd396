import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const hasInviteQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'has-invite', projectId] as const,
    queryFn: () =>
      api.get<{ hasInvite: boolean; messageID: string | null }>(`/invites/projects/${projectId}/has-invite`),
  });

export const useHasInvite = (projectId: string, enabled: boolean) =>
  useQuery({ ...hasInviteQueryOptions(projectId), enabled });

/** POST /invites/projects/{id}/decline: the invited user turns it down. */
export function useDeclineInvite(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>(`/invites/projects/${projectId}/decline`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}

/** POST /invites/projects/{id}/accept: the invited user joins the team. */
export function useAcceptInvite(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ projectID: string; handle: string }>(`/invites/projects/${projectId}/accept`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}
