import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const outboxQueryOptions = (page: number, to: string) =>
  queryOptions({
    queryKey: adminKeys.outbox(page, to),
    queryFn: () => api.get('/admin/outbox', { query: { page, to: to || undefined } }),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (page: number, to: string) => useQuery(outboxQueryOptions(page, to));
