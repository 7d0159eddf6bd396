import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const hotWalletQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'hot-wallet'] as const,
    queryFn: () => api.get('/admin/hot-wallet'),
    refetchInterval: 15_000,
  });

export const useHotWallet = () => useQuery(hotWalletQueryOptions());
