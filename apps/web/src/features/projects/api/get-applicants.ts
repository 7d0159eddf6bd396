import type { Application } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const applicantsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'applicants', projectId] as const,
    queryFn: () => api.get<Application[]>(`/project/${projectId}/applicants`),
  });

export const useApplicants = (projectId: string, enabled: boolean) =>
  useQuery({ ...applicantsQueryOptions(projectId), enabled });
