import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /users/{id}/reviews: shown reviews, newest first, with their average and count. */
export const userReviewsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.reviews(userId),
    queryFn: () => api.get('/users/:id/reviews', { params: { id: userId } }),
  });

export const useUserReviews = (userId: string | undefined) =>
  useQuery({ ...userReviewsQueryOptions(userId ?? ''), enabled: !!userId });
