import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applicantsQueryOptions } from './get-applicants';

export function useIgnoreApplication(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) =>
      api.post('/applications/:projectID/:applicationID/ignore', {
        params: { projectID: projectId, applicationID: applicationId },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: applicantsQueryOptions(projectId).queryKey }),
  });
}
