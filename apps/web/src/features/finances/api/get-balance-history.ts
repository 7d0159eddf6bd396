import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeKeys } from './keys';

export const balanceHistoryQueryOptions = () =>
  queryOptions({
    queryKey: financeKeys.history,
    queryFn: () => api.get('/user/balance/history'),
  });

export const useBalanceHistory = () => useQuery(balanceHistoryQueryOptions());
