import type { Project } from '@devmarket/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The signed-in user's projects (member or owner): spec §3 myProjects. */
export const myProjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'my'] as const,
    queryFn: () => api.get<Project[]>('/projects/my'),
  });
