import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The signed-in user's threads: spec §3 threads. */
export const threadsQueryOptions = () =>
  queryOptions({
    queryKey: ['threads'] as const,
    queryFn: () => api.get<unknown[]>('/threads'),
  });
