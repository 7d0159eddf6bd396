import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectPageKeys } from './keys';

/** GET /projects/{id}/recommended-talent (DESIGN §17): the owner's "Recommended for this project". */
export const recommendedTalentQueryOptions = (projectId: string, limit = 10) =>
  queryOptions({
    queryKey: projectPageKeys.recommendedTalent(projectId, limit),
    queryFn: () => api.get('/projects/:id/recommended-talent', { params: { id: projectId }, query: { limit } }),
  });

export const useRecommendedTalent = (projectId: string, enabled: boolean) =>
  useQuery({ ...recommendedTalentQueryOptions(projectId), enabled });
