import type { TalentList, Tag } from '@devmarket/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TalentFilter = { query: string; tags: Tag[]; location: string };

/**
 * Featured talent (GET /users/talent) when nothing is searched, else POST /users/talent/search;
 * pages load with Load More.
 */
export const talentQueryOptions = (filter: TalentFilter) =>
  infiniteQueryOptions({
    queryKey: ['users', 'talent', filter] as const,
    queryFn: ({ pageParam }) =>
      filter.query || filter.tags.length || filter.location
        ? api.post<TalentList>('/users/talent/search', { ...filter, page: pageParam })
        : api.get<TalentList>('/users/talent', { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length < last.pages ? all.length + 1 : undefined),
  });

export const useTalent = (filter: TalentFilter) => useInfiniteQuery(talentQueryOptions(filter));
