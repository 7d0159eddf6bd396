import type { TaskSummary } from '@devmarket/contract';
import { formatMoney, tryParseMoney } from '@devmarket/contract/money-units';
import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The review window's countdown (DESIGN §8): "Auto-pays in 6 days" (to the nearest day, so a fresh
 * 7-day window reads 7), in whole hours and then minutes under a day.
 */
export function reviewCountdown(deadline: string, now = Date.now()): string {
  const ms = new Date(deadline).getTime() - now;
  if (ms <= 0) return 'Auto-pays now';
  if (ms >= DAY) return `Auto-pays in ${plural(Math.round(ms / DAY), 'day')}`;
  if (ms >= HOUR) return `Auto-pays in ${plural(Math.floor(ms / HOUR), 'hour')}`;
  return `Auto-pays in ${plural(Math.max(1, Math.ceil(ms / MINUTE)), 'minute')}`;
}

/**
 * Re-renders each `intervalMs` (a countdown on a card needs no seconds) and answers the time of this
 * render, so a render caused by new data never counts from a stale tick.
 */
export function useNow(intervalMs = 30_000): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((t) => t + 1), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return Date.now();
}

export const isInDispute = (t: Pick<TaskSummary, 'dispute'>) => t.dispute?.status === 'Open';

/** A price as the API writes it ("150", "12.5"), or null when the text is not a positive amount. */
export function normalPrice(text: string): string | null {
  const micros = tryParseMoney(text.trim());
  return micros !== null && micros > 0n ? formatMoney(micros) : null;
}

/** DESIGN §13: "Assign SR-1 to Aisha Khan and hold 150 USDT from your balance?" */
export function holdQuestion(identifier: string | null, assignee: string, price: string): string {
  return `Assign ${identifier ?? 'this task'} to ${assignee} and hold ${price} USDT from your balance?`;
}
