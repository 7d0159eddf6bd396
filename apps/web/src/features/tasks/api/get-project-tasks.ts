import type { TaskSummary } from '@devmarket/contract';
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

/**
 * Reads the project's tasks through `select`: the caller re-renders only when the selected part
 * changes (TanStack's structural sharing keeps an unchanged answer's identity), so a board column
 * stays still when a task of another column changes. Fetching is left to useProjectTasks.
 */
export const useProjectTasksSelect = <T>(projectId: string, select: (tasks: TaskSummary[]) => T) =>
  useQuery({
    ...projectTasksQueryOptions(projectId),
    select,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
