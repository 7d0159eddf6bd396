import { displayMoney } from '@devmarket/contract/constants';

/**
 * One way to show dates and money everywhere (DESIGN §13): "23 Nov 2026", "23 Nov 2026, 18:00"
 * (24-hour) in the user's timezone from /account, else the browser's; "$1,234.50", "1,234.50 USDT".
 * Built on Intl's numeric parts with our own month names, so no locale (en-US "11/12", en-GB
 * "Sept") changes the order or the spelling. No dayjs here: this file is on the first load.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

let userZone: string | undefined;

const isZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** The signed-in user's timezone (null or unknown: the browser's). */
export function setDisplayTimeZone(tz: string | null | undefined): void {
  userZone = tz && isZone(tz) ? tz : undefined;
}

export const displayTimeZone = (): string => userZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(value: string | number | Date) {
  const zone = displayTimeZone();
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(value))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return {
    year: out.year ?? 0,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: (out.hour ?? 0) % 24,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** "23 Nov 2026". */
export function formatDate(value: string | number | Date): string {
  const p = partsOf(value);
  return `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** "18:00" (24-hour), with seconds when asked: "18:00:05". */
export function formatTime(value: string | number | Date, opts: { seconds?: boolean } = {}): string {
  const p = partsOf(value);
  return `${two(p.hour)}:${two(p.minute)}${opts.seconds ? `:${two(p.second)}` : ''}`;
}

/** "23 Nov 2026, 18:00". */
export const formatDateTime = (value: string | number | Date): string => `${formatDate(value)}, ${formatTime(value)}`;

/** "23/11/2026": only where the specification prescribes it (the Invites table). */
export function formatDateDMY(value: string | number | Date): string {
  const p = partsOf(value);
  return `${two(p.day)}/${two(p.month)}/${p.year}`;
}

/** The picker's format, in the same order as formatDate/formatDateTime (dayjs tokens). */
export const PICKER_DATE_FORMAT = 'D MMM YYYY';
export const PICKER_DATE_TIME_FORMAT = 'D MMM YYYY, HH:mm';

/** "$1,234.50" from "1234.5". */
export const formatUsd = (amount: string): string =>
  amount.startsWith('-') ? `-$${displayMoney(amount.slice(1))}` : `$${displayMoney(amount)}`;

/** "1,234.50 USDT". */
export const formatUsdt = (amount: string): string => `${displayMoney(amount)} USDT`;

/** A price as people write it, with thousands separators and no padded decimals: "1,250", "12.5". */
export function formatPrice(amount: string): string {
  const [whole, frac] = amount.split('.');
  const neg = whole.startsWith('-');
  const grouped = (neg ? whole.slice(1) : whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const tail = frac?.replace(/0+$/, '');
  return `${neg ? '-' : ''}${grouped}${tail ? `.${tail}` : ''}`;
}

/** "3 minutes", "5 hours", "6 days": a span of time as people say it (shared with the server's texts). */
export { humanDuration as formatDuration } from '@devmarket/contract/constants';
