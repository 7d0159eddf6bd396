import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys of the messages feature; list, unread count and each thread live under different roots. */
export const messagesKeys = {
  threads: ['threads', 'list'] as const,
  unread: ['threads', 'unread'] as const,
  /** Every thread's detail and messages. */
  allThreads: ['thread'] as const,
  thread: (id: string) => ['thread', id] as const,
  messages: (id: string) => ['thread', id, 'messages'] as const,
};

/** The signed-in user's threads, newest conversation first: spec §3 threads. */
export const threadsQueryOptions = () =>
  queryOptions({
    queryKey: messagesKeys.threads,
    queryFn: () => api.get('/threads'),
  });

export const useThreads = () => useQuery(threadsQueryOptions());
