import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useDeleteProject(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`/projects/${projectId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}
