import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectPageKeys } from './keys';

export const invitesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectPageKeys.invites(projectId),
    queryFn: () => api.get('/invites/projects/:id', { params: { id: projectId } }),
  });

export const useInvites = (projectId: string, enabled: boolean) =>
  useQuery({ ...invitesQueryOptions(projectId), enabled });
