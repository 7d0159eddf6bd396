import { NOTIFICATION_PAGE_SIZE } from '@devmarket/contract/constants';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKeys } from './notifications';

/** GET /notifications, newest first, paged by `before` (the oldest id shown). */
export const notificationsInfiniteOptions = (limit = NOTIFICATION_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.list(limit),
    queryFn: ({ pageParam }) => api.get('/notifications', { query: { limit, before: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.length < limit ? null : (last[last.length - 1]?.id ?? null)),
  });
