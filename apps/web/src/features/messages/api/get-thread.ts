import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messagesKeys } from './get-threads';

export const threadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: messagesKeys.thread(id),
    queryFn: () => api.get('/threads/:id', { params: { id } }),
  });

export const useThread = (id: string | null) => useQuery({ ...threadQueryOptions(id ?? ''), enabled: Boolean(id) });
