import type { UserReviews } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /users/{id}/reviews: shown reviews, newest first, with their average and count. */
export const userReviewsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId, 'reviews'] as const,
    queryFn: () => api.get<UserReviews>(`/users/${userId}/reviews`),
  });

export const useUserReviews = (userId: string | undefined) =>
  useQuery({ ...userReviewsQueryOptions(userId ?? ''), enabled: !!userId });
