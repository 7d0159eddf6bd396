import { publicUsersKey } from '../../../lib/query-keys';

/** Public profile keys, under `publicUsersKey` so a review or a profile change refreshes them. */
export const profileKeys = {
  developer: (username: string) => [...publicUsersKey, 'username', username.toLowerCase()] as const,
  reviews: (userId: string) => [...publicUsersKey, userId, 'reviews'] as const,
};
