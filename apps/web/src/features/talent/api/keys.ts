import { publicUsersKey } from '../../../lib/query-keys';

/** The talent lists' keys, under `publicUsersKey` so a review or a profile change refreshes them. */
export const talentKeys = {
  list: <F>(filter: F) => [...publicUsersKey, 'talent', filter] as const,
};
