import type { Counterparty, Transaction } from '@devmarket/contract';
import { formatUsd } from '../../../lib/format';

export { formatDateTime } from '../../../lib/format';

/** "$1,025.50" from "1025.5". */
export const usd = formatUsd;

/** Money leaving the user's balance shows with a minus sign. */
export const isOutflow = (t: Pick<Transaction, 'type'>) => t.type === 'Withdrawal' || t.type === 'Payment-Out';

export const signedAmount = (t: Pick<Transaction, 'type' | 'amount'>) => `${isOutflow(t) ? '−' : '+'}${usd(t.amount)}`;

/** A pending deposit that has received nothing yet shows no amount at all (DESIGN §13). */
export const AWAITING_PAYMENT = 'Awaiting payment';
export const isAwaitingPayment = (t: Pick<Transaction, 'type' | 'status' | 'amount'>) =>
  t.type === 'Deposit' && t.status === 'Pending' && /^0(\.0*)?$/.test(t.amount);

/** "5h 59m 12s" until `iso`, or null once passed. */
export function timeLeft(iso: string, now: number): string | null {
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return null;
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h > 0 ? `${h}h ` : ''}${m}m ${s % 60}s`;
}

export const personName = (p: Counterparty) => `${p.firstName} ${p.lastName}`.trim();

/** "Paid to Aisha Khan" on the payer's side, "Paid by Clara Reed" on the payee's (DESIGN §8 counterparty). */
export function counterpartyText(t: Pick<Transaction, 'type' | 'counterparty'>): string {
  if (!t.counterparty) return '';
  return `${t.type === 'Payment-In' ? 'Paid by' : 'Paid to'} ${personName(t.counterparty)}`;
}

/**
 * The settle time under the name of what happened (DESIGN §19): "Completed", "Cancelled" or
 * "Failed"; a cancelled withdrawal never reads "Completed".
 */
export function settledTime(t: Pick<Transaction, 'status' | 'completedAt' | 'cancelledAt' | 'failedAt'>) {
  if (t.status === 'Cancelled') return { label: 'Cancelled', at: t.cancelledAt };
  if (t.status === 'Failed') return { label: 'Failed', at: t.failedAt };
  return { label: 'Completed', at: t.completedAt };
}
