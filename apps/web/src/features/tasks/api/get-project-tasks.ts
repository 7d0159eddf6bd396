import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskKeys } from './keys';

/** GET /project/{id}/tasks: every task of the project (board and list share it). */
export const projectTasksQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: taskKeys.projectTasks(projectId),
    queryFn: () => api.get('/project/:id/tasks', { params: { id: projectId } }),
  });

export const useProjectTasks = (projectId: string) => useQuery(projectTasksQueryOptions(projectId));
