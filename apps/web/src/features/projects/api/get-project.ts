import type { ProjectWithUsers } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ProjectRef = { handle: string } | { id: string };

/** GET /projects/{handle} or /projects/id/{id}: the project with its members. */
export const projectQueryOptions = (ref: ProjectRef) =>
  queryOptions({
    queryKey: ['projects', 'one', ref] as const,
    queryFn: () =>
      api.get<ProjectWithUsers>(
        'handle' in ref ? `/projects/${encodeURIComponent(ref.handle)}` : `/projects/id/${encodeURIComponent(ref.id)}`,
      ),
  });

export const useProject = (ref: ProjectRef) => useQuery(projectQueryOptions(ref));
