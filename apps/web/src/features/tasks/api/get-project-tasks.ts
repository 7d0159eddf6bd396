import type { TaskSummary } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /project/{id}/tasks: every task of the project (board and list share it). */
export const projectTasksQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'tasks'] as const,
    queryFn: () => api.get<TaskSummary[]>(`/project/${projectId}/tasks`),
  });

export const useProjectTasks = (projectId: string) => useQuery(projectTasksQueryOptions(projectId));
