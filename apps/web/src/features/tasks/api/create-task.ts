import type { CreateTaskBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectTasksQueryOptions } from './get-project-tasks';

/** POST /tasks */
export const createTask = (body: CreateTaskBody) => api.post('/tasks', { body });

export function useCreateTask(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => qc.invalidateQueries({ queryKey: projectTasksQueryOptions(projectId).queryKey }),
  });
}
