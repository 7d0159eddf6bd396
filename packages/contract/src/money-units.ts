/**
 * Money is exact: the server keeps integers of micro-USDT (6 decimals) and sends decimal strings.
 * Requests may carry a string or a number; anything with more than 6 decimals is refused rather
 * than rounded, so a client never loses a fraction silently.
 *
 * The units and their text, free of zod (money.ts re-exports them): the board uses them without
 * evaluating the schemas, which is a long task on a phone (issue 33).
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

/** Parses an amount text to micro-USDT, or null when it is not one. */
export function tryParseMoney(value: string): bigint | null {
  try {
    return parseMoney(value.trim());
  } catch {
    return null;
  }
}
