import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeKeys } from './keys';

/** GET /user/holds: the caller's open escrow, one row per task (DESIGN §8). Under 'balance', so a balance event refreshes it. */
export const holdsQueryOptions = () =>
  queryOptions({ queryKey: financeKeys.holds, queryFn: () => api.get('/user/holds') });

export const useHolds = () => useQuery(holdsQueryOptions());
