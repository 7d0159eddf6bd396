import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskKeys } from './keys';

/** GET /tasks/identifier/{identifier}, e.g. ACME-12. */
export const taskByIdentifierQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: taskKeys.identifier(identifier),
    queryFn: () => api.get('/tasks/identifier/:identifier', { params: { identifier } }),
    retry: false,
  });

/** Nothing is asked for an empty identifier. */
export const useTaskByIdentifier = (identifier: string) =>
  useQuery({ ...taskByIdentifierQueryOptions(identifier), enabled: identifier !== '' });
