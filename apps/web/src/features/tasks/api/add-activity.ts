import type { Task } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskQueryOptions } from './get-task';
import { taskKeys } from './keys';

/** POST /tasks/{id}/activity: the new comment is placed at the top (spec §7). */
export const addActivity = (taskId: string, text: string) =>
  api.post('/tasks/:id/activity', { params: { id: taskId }, body: { text } });

export function useAddActivity(taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addActivity(taskId, text),
    onSuccess: (activity) => {
      qc.setQueryData(taskQueryOptions(taskId).queryKey, (task: Task | undefined) =>
        task ? { ...task, Activities: [activity, ...task.Activities] } : task,
      );
      void qc.invalidateQueries({ queryKey: taskKeys.byIdentifier });
    },
  });
}
