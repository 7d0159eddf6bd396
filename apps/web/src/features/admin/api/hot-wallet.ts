import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const hotWalletQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.hotWallet,
    queryFn: () => api.get('/admin/hot-wallet'),
    refetchInterval: 15_000,
  });

export const useHotWallet = () => useQuery(hotWalletQueryOptions());
