import type { ProjectWithUsers } from '@devmarket/contract';

export type TasksListViewProps = {
  project: ProjectWithUsers;
  onOpenTask: (taskId: string) => void;
  onCreateTask: () => void;
};

/** The Tasks table (tasks issue). */
export function TasksListView(_props: TasksListViewProps) {
  return null;
}
