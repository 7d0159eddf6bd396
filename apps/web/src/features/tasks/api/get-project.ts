import type { ProjectWithUsers } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /projects/id/{id}: the task page needs the project's members for the dialog. */
export const projectByIdQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'id', projectId] as const,
    queryFn: () => api.get<ProjectWithUsers>(`/projects/id/${projectId}`),
  });

export const useProjectById = (projectId: string | undefined) =>
  useQuery({ ...projectByIdQueryOptions(projectId ?? ''), enabled: !!projectId });
