import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKey as key } from './get-dashboard';
import { projectKeys } from '../../../lib/projects';

/** POST /invites/projects/{id}/accept from the dashboard's invites section. */
export function useAcceptInviteFromDashboard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => api.post('/invites/projects/:id/accept', { params: { id: projectId } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
