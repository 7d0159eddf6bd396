import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /applications/project/{id}/apply (409 code 10424 when already applied). */
export function useApplyToProject(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<{ id: string }>(`/applications/project/${projectId}/apply`, { message }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['projects', 'details'] }),
  });
}
