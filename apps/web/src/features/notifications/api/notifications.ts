import type { Notification } from '@devmarket/contract';
import { NOTIFICATION_PAGE_SIZE } from '@devmarket/contract/constants';
import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/realtime';

export const notificationsKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
};

/** GET /notifications/unread-count. */
export const unreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.unread,
    queryFn: () => api.get<{ count: number }>('/notifications/unread-count'),
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
      void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
    enabled,
  );
  useRealtimeEvent('reconnected', () => void qc.invalidateQueries({ queryKey: notificationsKeys.all }), enabled);
  return enabled ? (data?.count ?? 0) : 0;
}

/** GET /notifications, newest first, paged by `before` (the oldest id shown). */
export const notificationsInfiniteOptions = (limit = NOTIFICATION_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.list(limit),
    queryFn: ({ pageParam }) =>
      api.get<Notification[]>('/notifications', { query: { limit, before: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.length < limit ? null : (last[last.length - 1]?.id ?? null)),
  });

/** POST /notifications/read: the listed ids, or all. */
export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.post<{ count: number }>('/notifications/read', ids ? { ids } : {}),
    onSuccess: (res, ids) => {
      qc.setQueryData(notificationsKeys.unread, res);
      const now = new Date().toISOString();
      // Mark them read in every cached page at once (no refetch flicker).
      qc.setQueriesData<{ pages: Notification[][]; pageParams: unknown[] }>(
        { queryKey: ['notifications', 'list'] },
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((page) =>
              page.map((n) => (!n.readAt && (!ids || ids.includes(n.id)) ? { ...n, readAt: now } : n)),
            ),
          },
      );
    },
  });
}
