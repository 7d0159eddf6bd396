import type { ProjectWithUsers } from '@devmarket/contract';

export type BoardViewProps = { project: ProjectWithUsers; onOpenTask: (taskId: string) => void };

/** The board: four columns with drag and drop (tasks issue). */
export function BoardView(_props: BoardViewProps) {
  return null;
}
