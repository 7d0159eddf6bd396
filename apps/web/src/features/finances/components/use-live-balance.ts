import type { Balance } from '@devmarket/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRealtimeEvent } from '../../../lib/realtime';
import { userKey } from '../../../lib/session';
import { financeKeys } from '../api/keys';

/** Keeps balance, history, transactions and the user fresh when the server pushes a 'balance' or 'transaction' event. */
export function useLiveBalance() {
  const qc = useQueryClient();
  useRealtimeEvent('balance', (e) => {
    if (!('truncated' in e.data)) qc.setQueryData<Balance>(['balance'], { balance: e.data.balance, held: e.data.held });
    void qc.invalidateQueries({ queryKey: financeKeys.balance });
    void qc.invalidateQueries({ queryKey: financeKeys.transactions });
    void qc.invalidateQueries({ queryKey: userKey });
  });
  // A chain transfer or payout gained confirmations (DESIGN §12): the open transaction refetches.
  useRealtimeEvent('transaction', () => {
    void qc.invalidateQueries({ queryKey: financeKeys.transactions });
  });
}

/** The current time, ticking every second (countdowns). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
