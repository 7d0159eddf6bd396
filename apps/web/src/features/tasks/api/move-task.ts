import type { MoveTaskBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handleFailure } from '../../../lib/api-client';
import { applyMove, type BoardColumn, upsertTask } from '../lib/board';
import { projectTasksQueryOptions } from './get-project-tasks';
import { taskKeys } from './keys';

/** POST /tasks/{id}/stage */
export const moveTask = (taskId: string, body: MoveTaskBody) =>
  api.post('/tasks/:id/stage', { params: { id: taskId }, body });

/** An optimistic move: the card moves at once and returns to its column if the save fails (spec §8). */
export function useMoveTask(projectId: string) {
  const qc = useQueryClient();
  const { queryKey } = projectTasksQueryOptions(projectId);
  return useMutation({
    mutationFn: ({ taskId, to }: { taskId: string; to: BoardColumn }) => moveTask(taskId, { stage: to }),
    onMutate: async ({ taskId, to }) => {
      await qc.cancelQueries({ queryKey });
      const previous = qc.getQueryData(queryKey);
      qc.setQueryData(queryKey, (tasks) => (tasks ? applyMove(tasks, taskId, to) : tasks));
      return { previous };
    },
    onError: (err, _vars, context) => {
      if (context?.previous) qc.setQueryData(queryKey, context.previous);
      handleFailure(err);
    },
    onSuccess: (task) => {
      qc.setQueryData(queryKey, (tasks) => (tasks ? upsertTask(tasks, task) : tasks));
      void qc.invalidateQueries({ queryKey: taskKeys.one(task.id) });
    },
  });
}
