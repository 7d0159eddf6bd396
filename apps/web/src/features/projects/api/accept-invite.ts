import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/projects';
import { projectPageKeys } from './keys';

export const hasInviteQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectPageKeys.hasInvite(projectId),
    queryFn: () => api.get('/invites/projects/:id/has-invite', { params: { id: projectId } }),
  });

export const useHasInvite = (projectId: string, enabled: boolean) =>
  useQuery({ ...hasInviteQueryOptions(projectId), enabled });

/** POST /invites/projects/{id}/decline: the invited user turns it down. */
export function useDeclineInvite(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/invites/projects/:id/decline', { params: { id: projectId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** POST /invites/projects/{id}/accept: the invited user joins the team. */
export function useAcceptInvite(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/invites/projects/:id/accept', { params: { id: projectId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
