import type { TransactionDetail } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['transactions', 'detail', id] as const,
    queryFn: () => api.get<TransactionDetail>(`/transactions/${id}`),
  });

/** While pending, re-check every 15 s (the provider or staff may settle it). */
export const useTransaction = (id: string | null | undefined) =>
  useQuery({
    ...transactionQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.status === 'Pending' ? 15_000 : false),
  });
