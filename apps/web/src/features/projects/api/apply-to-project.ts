import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectPageKeys } from './keys';

/** POST /applications/project/{id}/apply (409 code 10424 when already applied). */
export function useApplyToProject(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api.post('/applications/project/:id/apply', { params: { id: projectId }, body: { message } }),
    onSettled: () => qc.invalidateQueries({ queryKey: projectPageKeys.allDetails }),
  });
}
