import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeKeys } from './keys';

export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: financeKeys.transaction(id),
    queryFn: () => api.get('/transactions/:id', { params: { id } }),
  });

/** While pending, re-check every 15 s (the provider or staff may settle it). */
export const useTransaction = (id: string | null | undefined) =>
  useQuery({
    ...transactionQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.status === 'Pending' ? 15_000 : false),
  });
