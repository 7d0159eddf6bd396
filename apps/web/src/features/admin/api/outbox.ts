import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const outboxQueryOptions = (page: number, to: string) =>
  queryOptions({
    queryKey: ['admin', 'outbox', page, to] as const,
    queryFn: () => api.get('/admin/outbox', { query: { page, to: to || undefined } }),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (page: number, to: string) => useQuery(outboxQueryOptions(page, to));
