import type { Tag } from '@devmarket/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { talentKeys } from './keys';

export type TalentFilter = { query: string; tags: Tag[]; location: string };

/**
 * Featured talent (GET /users/talent) when nothing is searched, else POST /users/talent/search;
 * pages load with Load More.
 */
export const talentQueryOptions = (filter: TalentFilter) =>
  infiniteQueryOptions({
    queryKey: talentKeys.list(filter),
    queryFn: ({ pageParam }) =>
      filter.query || filter.tags.length || filter.location
        ? api.post('/users/talent/search', { body: { ...filter, page: pageParam } })
        : api.get('/users/talent', { query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length < last.pages ? all.length + 1 : undefined),
  });

export const useTalent = (filter: TalentFilter) => useInfiniteQuery(talentQueryOptions(filter));
