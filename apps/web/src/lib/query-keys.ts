/**
 * Cache-key prefixes that a feature other than their owner refreshes (a task step moves money, a
 * review changes a profile). The owners build their keys under these: finances (`financeKeys`),
 * profile and talent; the signed-in user's key is `userQueryOptions` in session.ts and the
 * projects' keys are `projectKeys` in projects.ts.
 */
export const balanceKey = ['balance'] as const;
/** Public profiles: a developer page, a user's reviews, the talent lists. */
export const publicUsersKey = ['users'] as const;
/** The status page's reading of /health. */
export const healthKey = ['health'] as const;
