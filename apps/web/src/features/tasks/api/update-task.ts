import type { UpdateTaskBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectTasksQueryOptions } from './get-project-tasks';
import { taskQueryOptions } from './get-task';
import { taskKeys } from './keys';

/** PUT /tasks/{id} (DESIGN §3). */
export const updateTask = (taskId: string, body: UpdateTaskBody) =>
  api.put('/tasks/:id', { params: { id: taskId }, body });

export function useUpdateTask(projectId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTaskBody) => updateTask(taskId, body),
    onSuccess: (task) => {
      qc.setQueryData(taskQueryOptions(taskId).queryKey, task);
      void qc.invalidateQueries({ queryKey: taskKeys.byIdentifier });
      return qc.invalidateQueries({ queryKey: projectTasksQueryOptions(projectId).queryKey });
    },
  });
}
