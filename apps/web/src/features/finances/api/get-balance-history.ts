import type { BalancePoint } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const balanceHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['balance', 'history'] as const,
    queryFn: () => api.get<BalancePoint[]>('/user/balance/history'),
  });

export const useBalanceHistory = () => useQuery(balanceHistoryQueryOptions());
