import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /users/username/{username}: a developer's public profile. */
export const developerQueryOptions = (username: string) =>
  queryOptions({
    queryKey: profileKeys.developer(username),
    queryFn: () => api.get('/users/username/:username', { params: { username } }),
  });

export const useDeveloper = (username: string) => useQuery(developerQueryOptions(username));
