import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invitesQueryOptions } from './get-invites';

export function useDeleteInvite(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete('/invites/projects/:id/:userId', { params: { id: projectId, userId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invitesQueryOptions(projectId).queryKey }),
  });
}
