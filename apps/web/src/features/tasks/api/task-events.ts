import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime';
import { upsertTask } from '../lib/board';
import { projectTasksQueryOptions } from './get-project-tasks';
import { taskKeys } from './keys';

/** Board changes pushed by the server ('task' events) update the project's task list in place. */
export function useTaskEvents(projectId: string) {
  const qc = useQueryClient();
  useRealtimeEvent('task', (event) => {
    // A truncated event (too large for NOTIFY) carries no task: nothing to upsert.
    if (event.data.projectID !== projectId || !('task' in event.data)) return;
    const task = event.data.task;
    qc.setQueryData(projectTasksQueryOptions(projectId).queryKey, (tasks) => (tasks ? upsertTask(tasks, task) : tasks));
    void qc.invalidateQueries({ queryKey: taskKeys.one(task.id) });
  });
}
