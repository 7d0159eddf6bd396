import type { Task } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /tasks/{id}: the task with Files and Activities. */
export const taskQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: ['tasks', taskId] as const,
    queryFn: () => api.get<Task>(`/tasks/${taskId}`),
  });

export const useTask = (taskId: string | null) => useQuery({ ...taskQueryOptions(taskId ?? ''), enabled: !!taskId });
