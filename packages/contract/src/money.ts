import { z } from 'zod';
import { text } from './common';
import { formatMoney, MICROS_PER_USDT, MONEY_DECIMALS } from './money-units';

export { formatMoney, MICROS_PER_USDT, MONEY_DECIMALS, parseMoney, tryParseMoney } from './money-units';

/** DESIGN §19: the one message for each way an amount is refused (forms and API alike). */
export const AMOUNT_MSG = {
  notNumber: 'Enter an amount',
  notPositive: 'Must be more than 0',
  decimals: `At most ${MONEY_DECIMALS} decimals`,
  tooLarge: 'At most 1,000,000 USDT',
} as const;
/** The largest amount any request may carry (DESIGN §19). */
export const MAX_AMOUNT_USDT = 1_000_000n;
const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Why an amount (a string or a JSON number) is refused, or null when it is one: not a number,
 * then zero or below, then more than 6 decimals, then above 1,000,000 USDT.
 */
export function amountProblem(value: unknown): string | null {
  let v: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return AMOUNT_MSG.notNumber;
    if (value <= 0) return AMOUNT_MSG.notPositive;
    if (value > Number(MAX_AMOUNT_USDT)) return AMOUNT_MSG.tooLarge;
    // Small numbers print as 1e-7: more decimals than an amount may carry.
    v = value.toString().includes('e-') ? value.toFixed(20) : value.toString();
  } else if (typeof value === 'string') v = value.trim();
  else return AMOUNT_MSG.notNumber;
  if (!NUMBER_RE.test(v)) return AMOUNT_MSG.notNumber;
  const unsigned = v.replace(/^[+-]/, '');
  const [whole, frac = ''] = unsigned.split('.');
  const digits = `${whole}${frac}`.replace(/0/g, '');
  if (v.startsWith('-') || digits === '') return AMOUNT_MSG.notPositive;
  if (frac.replace(/0+$/, '').length > MONEY_DECIMALS) return AMOUNT_MSG.decimals;
  if (BigInt(whole.replace(/^0+(?=\d)/, '') || '0') > MAX_AMOUNT_USDT) return AMOUNT_MSG.tooLarge;
  if (BigInt(whole || '0') === MAX_AMOUNT_USDT && /[1-9]/.test(frac)) return AMOUNT_MSG.tooLarge;
  return null;
}

/** An accepted amount in its canonical text ("25.5", never "+025.50"). */
export function canonicalAmount(value: string | number): string {
  const v =
    typeof value === 'number' ? (value.toString().includes('e') ? value.toFixed(6) : value.toString()) : value.trim();
  const [whole, frac = ''] = v.replace(/^\+/, '').split('.');
  return formatMoney(
    BigInt(whole || '0') * MICROS_PER_USDT + BigInt(frac.slice(0, MONEY_DECIMALS).padEnd(MONEY_DECIMALS, '0')),
  );
}

/** An amount in a request: "25.5" or 25.5, refused with AMOUNT_MSG (DESIGN §19). */
export const moneyInput = z
  .union([text(), z.number()], { error: AMOUNT_MSG.notNumber })
  .superRefine((v, ctx) => {
    const problem = amountProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => canonicalAmount(v));

/** An amount in a response. */
export const moneyOutput = z.string().regex(/^-?\d+(\.\d+)?$/);
