import { DEFAULT_PENDING_HOURS, type DepositOption } from '@devmarket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeKeys } from './keys';

export const moneyConfigQueryOptions = () =>
  queryOptions({
    queryKey: financeKeys.moneyConfig,
    queryFn: () => api.get('/config/money'),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The pending window the server really applies (TRANSACTION_PENDING_HOURS), in hours. */
export function usePendingHours(): number {
  const { data } = useQuery(moneyConfigQueryOptions());
  return data?.pendingHours ?? DEFAULT_PENDING_HOURS;
}

/** The ways to deposit and who serves each (issue 28); empty until the answer comes. */
export function useDepositOptions(): DepositOption[] {
  const { data } = useQuery(moneyConfigQueryOptions());
  return data?.deposits ?? [];
}

/** "6 hours", "1 hour", "30 minutes". */
export function describeHours(hours: number): string {
  if (hours < 1) {
    const minutes = Math.round(hours * 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const h = Math.round(hours * 10) / 10;
  return `${h} hour${h === 1 ? '' : 's'}`;
}
