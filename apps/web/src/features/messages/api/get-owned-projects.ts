import type { Project, ProjectWithUsers } from '@devmarket/contract';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /projects/owned: the projects a client can invite to (spec §3 ownedProjects). */
export const ownedProjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'owned'] as const,
    queryFn: () => api.get<Project[]>('/projects/owned'),
  });

export const useOwnedProjects = (enabled: boolean) => useQuery({ ...ownedProjectsQueryOptions(), enabled });

/**
 * The ids of the client's projects this user is already on, so the Hire dialog does not offer to
 * invite a team member again (DESIGN §13). One GET /projects/id/{id} per owned project: a client
 * owns few.
 */
export function useProjectsWithMember(projects: Project[] | undefined, userId: string): Set<string> | undefined {
  const results = useQueries({
    queries: (projects ?? []).map((p) => ({
      queryKey: ['hire', 'members', p.id] as const,
      queryFn: () => api.get<ProjectWithUsers>(`/projects/id/${encodeURIComponent(p.id)}`),
      staleTime: 30_000,
    })),
  });
  if (!projects || results.some((r) => r.isPending)) return undefined;
  return new Set(results.flatMap((r) => (r.data?.users.some((u) => u.userID === userId) ? [r.data.id] : [])));
}
