import type { ProjectDetails } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /projects/{id}/details ({id} may be the handle): the details page in one call. */
export const projectDetailsQueryOptions = (idOrHandle: string) =>
  queryOptions({
    queryKey: ['projects', 'details', idOrHandle] as const,
    queryFn: () => api.get<ProjectDetails>(`/projects/${encodeURIComponent(idOrHandle)}/details`),
  });

export const useProjectDetails = (idOrHandle: string) => useQuery(projectDetailsQueryOptions(idOrHandle));
