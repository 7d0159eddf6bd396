/** The staff console's query keys, all under `['admin']`. */
export const adminKeys = {
  all: ['admin'] as const,
  transactions: ['admin', 'transactions'] as const,
  pendingTransactions: ['admin', 'transactions', 'Pending'] as const,
  outbox: (page: number, to: string) => ['admin', 'outbox', page, to] as const,
  disputes: ['admin', 'disputes'] as const,
  disputeList: (status: string) => ['admin', 'disputes', status] as const,
  dispute: (id: string | null) => ['admin', 'disputes', 'detail', id] as const,
  developers: ['admin', 'developers'] as const,
  developerPage: (status: string, page: number) => ['admin', 'developers', status, page] as const,
  hotWallet: ['admin', 'hot-wallet'] as const,
  audit: (action: string | null, actorId: string | null) => ['admin', 'audit', action, actorId] as const,
  projects: ['admin', 'projects'] as const,
  projectPage: (query: string, page: number) => ['admin', 'projects', query, page] as const,
};
