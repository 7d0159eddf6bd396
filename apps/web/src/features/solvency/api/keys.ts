/** Query keys of the solvency feature. */
export const solvencyKeys = {
  all: ['solvency'] as const,
  latest: () => [...solvencyKeys.all, 'latest'] as const,
};
