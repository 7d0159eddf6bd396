import type { UpdateProjectBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/projects';

/** POST /projects/{id}: the settings form (the handle never changes). */
export function useUpdateProject(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => api.post('/projects/:id', { params: { id: projectId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
