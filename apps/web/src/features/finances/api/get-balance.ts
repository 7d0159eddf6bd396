import type { Balance } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const balanceQueryOptions = () =>
  queryOptions({ queryKey: ['balance'] as const, queryFn: () => api.get<Balance>('/user/balance') });

export const useBalance = () => useQuery(balanceQueryOptions());
