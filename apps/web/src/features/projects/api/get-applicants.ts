import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectPageKeys } from './keys';

export const applicantsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectPageKeys.applicants(projectId),
    queryFn: () => api.get('/project/:id/applicants', { params: { id: projectId } }),
  });

export const useApplicants = (projectId: string, enabled: boolean) =>
  useQuery({ ...applicantsQueryOptions(projectId), enabled });
