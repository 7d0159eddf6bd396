import type { Transaction } from '@devmarket/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/cookie';

export type TransactionsPage = { items: Transaction[]; total: number };

/** GET /transactions answers the page as an array and the total in X-Total-Count. */
async function fetchTransactions(page: number, limit: number): Promise<TransactionsPage> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/transactions?page=${page}&limit=${limit}`, {
      headers: { authorization: `Bearer ${getAccessToken() ?? ''}` },
    });
  } catch (err) {
    throw new ApiError(0, undefined, (err as Error).message || 'Network error');
  }
  const data = await res.json().catch(() => undefined);
  if (!res.ok) throw new ApiError(res.status, data, data?.msg ?? `Request failed (${res.status})`);
  const items = data as Transaction[];
  return { items, total: Number(res.headers.get('x-total-count') ?? items.length) };
}

export const transactionsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: ['transactions', 'list', { page, limit }] as const,
    queryFn: () => fetchTransactions(page, limit),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (page: number, limit: number) => useQuery(transactionsQueryOptions(page, limit));
