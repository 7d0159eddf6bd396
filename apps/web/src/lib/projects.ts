import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The project queries several features read (the guard, the dashboard, the workspace, the task
 * page, the Hire and Invite dialogs): one key and one query each, here because a feature never
 * imports another. Everything under `projectKeys.all` refreshes on `invalidateQueries(all)`. The
 * keys and the guard's prefetch are here (first load); the other queries in project-queries.ts.
 */
export const projectKeys = {
  all: ['projects'] as const,
  my: ['projects', 'my'] as const,
  owned: ['projects', 'owned'] as const,
  one: (ref: ProjectRef) => ['projects', 'one', ref] as const,
};

export type ProjectRef = { handle: string } | { id: string };

/** GET /projects/my: the signed-in user's projects (member or owner), spec §3 myProjects. */
export const myProjectsQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.my, queryFn: () => api.get('/projects/my') });
