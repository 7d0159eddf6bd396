import type { Transaction } from '@devmarket/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPage } from '../../../lib/api-client';
import { financeKeys } from './keys';

export type TransactionsPage = { items: Transaction[]; total: number };

/** GET /transactions answers the page as an array and the total in X-Total-Count. */
const fetchTransactions = (page: number, limit: number): Promise<TransactionsPage> =>
  getPage('/transactions', { query: { page, limit } });

export const transactionsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: financeKeys.transactionPage(page, limit),
    queryFn: () => fetchTransactions(page, limit),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (page: number, limit: number) => useQuery(transactionsQueryOptions(page, limit));
