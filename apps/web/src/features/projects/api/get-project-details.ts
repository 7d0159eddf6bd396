import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectPageKeys } from './keys';

/** GET /projects/{id}/details ({id} may be the handle): the details page in one call. */
export const projectDetailsQueryOptions = (idOrHandle: string) =>
  queryOptions({
    queryKey: projectPageKeys.details(idOrHandle),
    queryFn: () => api.get('/projects/:id/details', { params: { id: idOrHandle } }),
  });

export const useProjectDetails = (idOrHandle: string) => useQuery(projectDetailsQueryOptions(idOrHandle));
