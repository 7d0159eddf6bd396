import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/projects';

/** DELETE /projects/{id}/users/{userId}: owner only, Admin members only. */
export function useRemoveMember(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete('/projects/:id/users/:userId', { params: { id: projectId, userId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
