import type { ProjectUser } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE /projects/{id}/users/{userId}: owner only, Admin members only. */
export function useRemoveMember(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<ProjectUser[]>(`/projects/${projectId}/users/${userId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}
