import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKey } from './get-dashboard';

/** POST /tasks/{id}/stage { stage: 'Complete' } from the dashboard's Review list (DESIGN §19 "Approve and pay"). */
export function useApproveTaskFromDashboard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) =>
      api.post('/tasks/:id/stage', { params: { id: taskId }, body: { stage: 'Complete' } }),
    // The task's own views follow through its real-time 'task' event.
    onSettled: () => qc.invalidateQueries({ queryKey: dashboardKey }),
  });
}
