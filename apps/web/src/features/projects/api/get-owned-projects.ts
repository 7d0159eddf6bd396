import type { Project } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** spec §3 ownedProjects: the projects the user may invite to. */
export const ownedProjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'owned'] as const,
    queryFn: () => api.get<Project[]>('/projects/owned'),
  });

export const useOwnedProjects = (enabled = true) => useQuery({ ...ownedProjectsQueryOptions(), enabled });
