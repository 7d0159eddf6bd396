import type { Task } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /tasks/identifier/{identifier}, e.g. ACME-12. */
export const taskByIdentifierQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: ['tasks', 'identifier', identifier.toUpperCase()] as const,
    queryFn: () => api.get<Task>(`/tasks/identifier/${encodeURIComponent(identifier)}`),
    retry: false,
  });

/** Nothing is asked for an empty identifier. */
export const useTaskByIdentifier = (identifier: string) =>
  useQuery({ ...taskByIdentifierQueryOptions(identifier), enabled: identifier !== '' });
