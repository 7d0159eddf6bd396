import type { Notification } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKeys } from './notifications';

/** POST /notifications/read: the listed ids, or all. */
export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.post('/notifications/read', { body: ids ? { ids } : {} }),
    onSuccess: (res, ids) => {
      qc.setQueryData(notificationsKeys.unread, res);
      const now = new Date().toISOString();
      // Mark them read in every cached page at once (no refetch flicker).
      qc.setQueriesData<{ pages: Notification[][]; pageParams: unknown[] }>(
        { queryKey: notificationsKeys.lists },
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
