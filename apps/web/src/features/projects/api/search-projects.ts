import type { ProjectSort } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectPageKeys } from './keys';

/** POST /projects/search: full-text over name, company, description and tags. */
export const searchProjectsQueryOptions = (query: string, tags: string[], sort?: ProjectSort) =>
  queryOptions({
    queryKey: projectPageKeys.search(query, tags, sort ?? null),
    queryFn: () => api.post('/projects/search', { body: { query, tags, sort } }),
  });

export const useSearchProjects = (query: string, tags: string[], sort: ProjectSort | undefined, enabled: boolean) =>
  useQuery({ ...searchProjectsQueryOptions(query, tags, sort), enabled });
