import type { Project } from '@devmarket/contract';
import { useQueries } from '@tanstack/react-query';
import { projectQueryOptions } from '../../../lib/project-queries';

/**
 * The ids of the client's projects this user is already on, so the Hire dialog does not offer to
 * invite a team member again (DESIGN §13). One GET /projects/id/{id} per owned project: a client
 * owns few.
 */
export function useProjectsWithMember(projects: Project[] | undefined, userId: string): Set<string> | undefined {
  const results = useQueries({
    queries: (projects ?? []).map((p) => ({ ...projectQueryOptions({ id: p.id }), staleTime: 30_000 })),
  });
  if (!projects || results.some((r) => r.isPending)) return undefined;
  return new Set(results.flatMap((r) => (r.data?.users.some((u) => u.userID === userId) ? [r.data.id] : [])));
}
