import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskKeys } from './keys';

/** GET /tasks/{id}: the task with Files and Activities. */
export const taskQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: taskKeys.one(taskId),
    queryFn: () => api.get('/tasks/:id', { params: { id: taskId } }),
  });

export const useTask = (taskId: string | null) => useQuery({ ...taskQueryOptions(taskId ?? ''), enabled: !!taskId });
