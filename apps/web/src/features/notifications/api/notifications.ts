import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/realtime';

export const notificationsKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  lists: ['notifications', 'list'] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
};

/** GET /notifications/unread-count. */
export const unreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.unread,
    queryFn: () => api.get('/notifications/unread-count'),
  });

/**
 * The bell's count, live: a 'notification' event carries the new count (no refetch), and any
 * open list is refetched so the new entry shows at the top.
 */
export function useUnreadNotifications(enabled: boolean): number {
  const qc = useQueryClient();
  const { data } = useQuery({ ...unreadNotificationsQueryOptions(), enabled });
  useRealtimeEvent(
    'notification',
    (e) => {
      if (typeof e.data.unread === 'number') qc.setQueryData(notificationsKeys.unread, { count: e.data.unread });
      void qc.invalidateQueries({ queryKey: notificationsKeys.lists });
    },
    enabled,
  );
  useRealtimeEvent('reconnected', () => void qc.invalidateQueries({ queryKey: notificationsKeys.all }), enabled);
  return enabled ? (data?.count ?? 0) : 0;
}
