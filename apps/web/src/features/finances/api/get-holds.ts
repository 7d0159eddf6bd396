import type { Hold } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /user/holds: the caller's open escrow, one row per task (DESIGN §8). Under 'balance', so a balance event refreshes it. */
export const holdsQueryOptions = () =>
  queryOptions({ queryKey: ['balance', 'holds'] as const, queryFn: () => api.get<Hold[]>('/user/holds') });

export const useHolds = () => useQuery(holdsQueryOptions());
