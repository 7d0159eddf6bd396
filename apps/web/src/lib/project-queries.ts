import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { type ProjectRef, projectKeys } from './projects';

/** The shared project queries that no first-load screen makes (their keys are `projectKeys`). */

/**
 * GET /projects/owned: the projects the user owns and may invite to, spec §3 ownedProjects; with a
 * `candidate`, each says whether that person is already on it or invited (issue 28).
 */
export const ownedProjectsQueryOptions = (candidate?: string) =>
  queryOptions({
    queryKey: candidate ? [...projectKeys.owned, candidate] : projectKeys.owned,
    queryFn: () => api.get('/projects/owned', candidate ? { query: { candidate } } : {}),
  });

export const useOwnedProjects = (enabled = true, candidate?: string) =>
  useQuery({ ...ownedProjectsQueryOptions(candidate), enabled });

/** GET /projects/{handle} or /projects/id/{id}: the project with its members. */
export const projectQueryOptions = (ref: ProjectRef) =>
  queryOptions({
    queryKey: projectKeys.one(ref),
    queryFn: () =>
      'handle' in ref
        ? api.get('/projects/:handle', { params: { handle: ref.handle } })
        : api.get('/projects/id/:id', { params: { id: ref.id } }),
  });

/**
 * The project of `ref`; with no id yet (`{ id: undefined }`), nothing is fetched. The key is
 * `ref`'s own, the one the workspace's route data prefetches (app/route-data.ts).
 */
export function useProject(ref: ProjectRef | { id: undefined }) {
  const known = 'handle' in ref || !!ref.id;
  return useQuery({ ...projectQueryOptions(known ? (ref as ProjectRef) : { id: '' }), enabled: known });
}
