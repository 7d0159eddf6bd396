import { type Message, MESSAGES_PAGE_SIZE } from '@devmarket/contract';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messagesKeys } from './get-threads';

/**
 * A thread's messages as pages, oldest page first and each page oldest first. The first fetch is
 * the newest page; scrolling up fetches the "previous" (older) page with `before`.
 */
export const messagesQueryOptions = (threadId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.messages(threadId),
    queryFn: ({ pageParam }) =>
      api.get('/threads/:id/messages', {
        params: { id: threadId },
        query: { before: pageParam, limit: MESSAGES_PAGE_SIZE },
      }),
    initialPageParam: undefined as string | undefined,
    getPreviousPageParam: (first) => (first.length >= MESSAGES_PAGE_SIZE ? first[0]?.id : undefined),
    getNextPageParam: () => undefined,
    // Fresh messages arrive by events; refetching every page on focus is wasteful.
    staleTime: 5 * 60_000,
  });

export const useMessages = (threadId: string | null) =>
  useInfiniteQuery({ ...messagesQueryOptions(threadId ?? ''), enabled: Boolean(threadId) });

/** Adds a message at the end of a loaded thread (from an event or a send), once. */
export function appendMessage(qc: QueryClient, message: Message): boolean {
  const key = messagesKeys.messages(message.threadID);
  const data = qc.getQueryData<InfiniteData<Message[], string | undefined>>(key);
  if (!data) return false;
  if (data.pages.some((p) => p.some((m) => m.id === message.id))) return true;
  const pages = data.pages.length ? [...data.pages] : [[]];
  pages[pages.length - 1] = [...pages[pages.length - 1], message];
  qc.setQueryData(key, { ...data, pages });
  return true;
}
