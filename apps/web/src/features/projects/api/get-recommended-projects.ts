import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectPageKeys } from './keys';

/** GET /projects/recommended (DESIGN §17): a developer's "Projects for you". */
export const recommendedProjectsQueryOptions = (limit = 6) =>
  queryOptions({
    queryKey: projectPageKeys.recommendedProjects(limit),
    queryFn: () => api.get('/projects/recommended', { query: { limit } }),
  });

export const useRecommendedProjects = () => useQuery(recommendedProjectsQueryOptions());
