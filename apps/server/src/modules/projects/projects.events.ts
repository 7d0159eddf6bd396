import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { ProjectRow } from './projects.repo';

/**
 * What happens when a project is created, run inside the creation's transaction. Modules above or
 * beside projects (matching) register here instead of projects importing them, so imports keep
 * pointing one way. A Set: registering the same listener again (one per app built) is a no-op.
 */
export type ProjectCreatedListener = (ctx: AppContext, tx: Executor, project: ProjectRow) => Promise<void>;

const listeners = new Set<ProjectCreatedListener>();

export function onProjectCreated(listener: ProjectCreatedListener): void {
  listeners.add(listener);
}

export async function runProjectCreated(ctx: AppContext, tx: Executor, project: ProjectRow): Promise<void> {
  for (const listener of listeners) await listener(ctx, tx, project);
}
