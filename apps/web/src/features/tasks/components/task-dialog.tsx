import type { ProjectWithUsers } from '@devmarket/contract';

export type TaskDialogState = { mode: 'create' } | { mode: 'view'; taskId: string } | null;
export type TaskDialogProps = { project: ProjectWithUsers; state: TaskDialogState; onClose: () => void };

/** Create / view / edit dialog of a task (tasks issue). */
export function TaskDialog(_props: TaskDialogProps) {
  return null;
}
