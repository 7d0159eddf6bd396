import type { ProjectListing, ProjectSort } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /projects/search: full-text over name, company, description and tags. */
export const searchProjectsQueryOptions = (query: string, tags: string[], sort?: ProjectSort) =>
  queryOptions({
    queryKey: ['projects', 'search', query, tags, sort ?? null] as const,
    queryFn: () => api.post<ProjectListing[]>('/projects/search', { query, tags, sort }),
  });

export const useSearchProjects = (query: string, tags: string[], sort: ProjectSort | undefined, enabled: boolean) =>
  useQuery({ ...searchProjectsQueryOptions(query, tags, sort), enabled });
