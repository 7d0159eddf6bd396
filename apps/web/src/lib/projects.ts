import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The project queries several features read (the guard, the dashboard, the workspace, the task
 * page, the Hire and Invite dialogs): one key and one query each, here because a feature never
 * imports another. Everything under `projectKeys.all` refreshes on `invalidateQueries(all)`.
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

/** GET /projects/owned: the projects the user owns and may invite to, spec §3 ownedProjects. */
export const ownedProjectsQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.owned, queryFn: () => api.get('/projects/owned') });

export const useOwnedProjects = (enabled = true) => useQuery({ ...ownedProjectsQueryOptions(), enabled });

/** GET /projects/{handle} or /projects/id/{id}: the project with its members. */
export const projectQueryOptions = (ref: ProjectRef) =>
  queryOptions({
    queryKey: projectKeys.one(ref),
    queryFn: () =>
      'handle' in ref
        ? api.get('/projects/:handle', { params: { handle: ref.handle } })
        : api.get('/projects/id/:id', { params: { id: ref.id } }),
  });

/** The project of `ref`; with no id yet (`{ id: undefined }`), nothing is fetched. */
export const useProject = (ref: ProjectRef | { id: undefined }) =>
  useQuery({ ...projectQueryOptions({ id: '', ...ref } as ProjectRef), enabled: !('id' in ref) || !!ref.id });
