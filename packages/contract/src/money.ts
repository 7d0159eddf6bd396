import { z } from 'zod';
import { text } from './common';

/**
 * Money is exact: the server keeps integers of micro-USDT (6 decimals) and sends decimal strings.
 * Requests may carry a string or a number; anything with more than 6 decimals is refused rather
 * than rounded, so a client never loses a fraction silently.
 */
export const MICROS_PER_USDT = 1_000_000n;
export const MONEY_DECIMALS = 6;
const MONEY_RE = /^\d{1,12}(\.\d{1,6})?$/;

export function parseMoney(value: string): bigint {
  if (!MONEY_RE.test(value)) throw new Error(`Not an amount: ${value}`);
  const [whole, frac = ''] = value.split('.');
  return BigInt(whole) * MICROS_PER_USDT + BigInt(frac.padEnd(MONEY_DECIMALS, '0'));
}

export function formatMoney(micros: bigint | number | string): string {
  const v = BigInt(micros);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const whole = abs / MICROS_PER_USDT;
  const frac = (abs % MICROS_PER_USDT).toString().padStart(MONEY_DECIMALS, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** An amount in a request: "25.5" or 25.5, positive, at most 6 decimals. */
export const moneyInput = z
  .union([text(), z.number()], { error: 'Must be an amount' })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => MONEY_RE.test(v), 'Must be an amount with at most 6 decimals')
  .refine((v) => !MONEY_RE.test(v) || parseMoney(v) > 0n, 'Must be greater than 0');

/** An amount in a response. */
export const moneyOutput = z.string().regex(/^-?\d+(\.\d+)?$/);
