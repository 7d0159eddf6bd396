import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeKeys } from './keys';

export const balanceQueryOptions = () =>
  queryOptions({ queryKey: financeKeys.balance, queryFn: () => api.get('/user/balance') });

export const useBalance = () => useQuery(balanceQueryOptions());
