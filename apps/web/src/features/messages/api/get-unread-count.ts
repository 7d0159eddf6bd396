import { useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/realtime';
import { messagesKeys } from './get-threads';

/** GET /threads/unread: how many conversations have unread messages (the top bar's badge). */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: messagesKeys.unread,
    queryFn: () => api.get('/threads/unread'),
  });

/** The unread count, kept fresh by message and read events; 0 for guests. */
export function useUnreadCount(enabled: boolean): number {
  const qc = useQueryClient();
  const { data } = useQuery({ ...unreadCountQueryOptions(), enabled });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: messagesKeys.unread });
    void qc.invalidateQueries({ queryKey: messagesKeys.threads });
  };
  useRealtimeEvent('message', refresh, enabled);
  useRealtimeEvent('thread_read', refresh, enabled);
  useRealtimeEvent('reconnected', refresh, enabled);
  return enabled ? (data?.count ?? 0) : 0;
}
