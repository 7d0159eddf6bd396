import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/projects';
import { useRealtimeEvent } from '../../../lib/realtime';

export const dashboardKey = ['dashboard'] as const;
const key = dashboardKey;

/** GET /dashboard: every section of the person's dashboard in one request. */
export const dashboardQueryOptions = () => queryOptions({ queryKey: key, queryFn: () => api.get('/dashboard') });

/** The dashboard, refreshed when something that shows on it happens (a notification, a task, money). */
export function useDashboard() {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: key });
    // Joining a team (added, invite accepted) changes the project grid below the sections too.
    void qc.invalidateQueries({ queryKey: projectKeys.my });
  };
  useRealtimeEvent('notification', refresh);
  useRealtimeEvent('task', refresh);
  useRealtimeEvent('balance', refresh);
  useRealtimeEvent('project', refresh);
  return useQuery(dashboardQueryOptions());
}
