import type { Project } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /projects/owned: the projects a client can invite to (spec §3 ownedProjects). */
export const ownedProjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'owned'] as const,
    queryFn: () => api.get<Project[]>('/projects/owned'),
  });

export const useOwnedProjects = (enabled: boolean) => useQuery({ ...ownedProjectsQueryOptions(), enabled });
