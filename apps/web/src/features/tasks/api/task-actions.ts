import type { ReasonBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { upsertTask } from '../lib/board';
import { projectTasksQueryOptions } from './get-project-tasks';
import { taskKeys } from './keys';
import { balanceKey } from '../../../lib/query-keys';

/** The escrow steps of DESIGN §8; each answers the task (a summary and more). */
export type TaskAction =
  | { kind: 'unassign' }
  | { kind: 'request-changes'; body: ReasonBody }
  | { kind: 'dispute'; body: ReasonBody };

const run = (taskId: string, action: TaskAction) =>
  action.kind === 'unassign'
    ? api.post('/tasks/:id/unassign', { params: { id: taskId } })
    : api.post(`/tasks/:id/${action.kind}`, { params: { id: taskId }, body: action.body });

/** POST /tasks/{id}/unassign | request-changes | dispute; the board and the open task follow the answer. */
export function useTaskAction(projectId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: TaskAction) => run(taskId, action),
    onSuccess: (task) => {
      qc.setQueryData(projectTasksQueryOptions(projectId).queryKey, (tasks) =>
        tasks ? upsertTask(tasks, task) : tasks,
      );
      void qc.invalidateQueries({ queryKey: taskKeys.byIdentifier });
      // Money moved (unassign): the balance and holds refresh wherever they are shown.
      void qc.invalidateQueries({ queryKey: balanceKey });
      return qc.invalidateQueries({ queryKey: taskKeys.one(task.id) });
    },
  });
}
