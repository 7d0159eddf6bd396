import type { Invite } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const invitesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'invites', projectId] as const,
    queryFn: () => api.get<Invite[]>(`/invites/projects/${projectId}`),
  });

export const useInvites = (projectId: string, enabled: boolean) =>
  useQuery({ ...invitesQueryOptions(projectId), enabled });
