import type { PublicUser } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /users/username/{username}: a developer's public profile. */
export const developerQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['users', 'username', username.toLowerCase()] as const,
    queryFn: () => api.get<PublicUser>(`/users/username/${encodeURIComponent(username)}`),
  });

export const useDeveloper = (username: string) => useQuery(developerQueryOptions(username));
