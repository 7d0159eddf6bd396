import { type Counterparty, displayMoney, type Transaction } from '@devmarket/contract';
import dayjs from 'dayjs';

/** "$25.50" from "25.5". */
export const usd = (amount: string) => `$${displayMoney(amount)}`;

/** Money leaving the user's balance shows with a minus sign. */
export const isOutflow = (t: Pick<Transaction, 'type'>) => t.type === 'Withdrawal' || t.type === 'Payment-Out';

export const signedAmount = (t: Pick<Transaction, 'type' | 'amount'>) => `${isOutflow(t) ? '−' : '+'}${usd(t.amount)}`;

export const formatDateTime = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');

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
