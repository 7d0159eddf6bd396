import type { Project } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /projects/search: full-text over name, company, description and tags. */
export const searchProjectsQueryOptions = (query: string, tags: string[]) =>
  queryOptions({
    queryKey: ['projects', 'search', query, tags] as const,
    queryFn: () => api.post<Project[]>('/projects/search', { query, tags }),
  });

export const useSearchProjects = (query: string, tags: string[], enabled: boolean) =>
  useQuery({ ...searchProjectsQueryOptions(query, tags), enabled });
