import type { ProjectSort } from '@devmarket/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectPageKeys } from './keys';

export type ProjectListKind = 'featured' | 'public' | 'verified';

/** GET /projects/{featured|public|verified}?page&tags: pages start at 1; Load More until `pages`. */
export const projectListQueryOptions = (kind: ProjectListKind, tags: string[], sort?: ProjectSort) =>
  infiniteQueryOptions({
    queryKey: projectPageKeys.list(kind, tags, sort ?? null),
    queryFn: ({ pageParam }) =>
      api.get(`/projects/${kind}`, {
        query: { page: pageParam, tags: tags.length ? tags.join(',') : undefined, sort },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length < last.pages ? all.length + 1 : undefined),
  });

export const useProjectList = (kind: ProjectListKind, tags: string[], sort?: ProjectSort, enabled = true) =>
  useInfiniteQuery({ ...projectListQueryOptions(kind, tags, sort), enabled });
