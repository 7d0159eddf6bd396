import { balanceKey } from '../../../lib/query-keys';

/** The money queries' keys: balance and holds under `balanceKey` (a balance event refreshes both). */
export const financeKeys = {
  balance: balanceKey,
  holds: [...balanceKey, 'holds'] as const,
  history: [...balanceKey, 'history'] as const,
  transactions: ['transactions'] as const,
  transactionPage: (page: number, limit: number) => ['transactions', 'list', { page, limit }] as const,
  transaction: (id: string) => ['transactions', 'detail', id] as const,
  moneyConfig: ['config', 'money'] as const,
};
