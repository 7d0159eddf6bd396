import { displayMoney } from '@devmarket/contract/constants';

/**
 * One way to show dates and money everywhere (DESIGN §13): "23 Nov 2026", "23 Nov 2026, 18:00"
 * (24-hour) in the user's timezone from /account, else the browser's; "$1,234.50", "1,234.50 USDT".
 * Built on Intl's numeric parts with our own month names, so no locale (en-US "11/12", en-GB
 * "Sept") changes the order or the spelling. No dayjs here: this file is on the first load.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

let userZone: string | undefined;
/** The last value given to setDisplayTimeZone: the guard gives it on every render. */
let givenZone: string | null | undefined;
/** The browser's own zone, read once: each read builds an Intl.DateTimeFormat (a profile of a first load found it the app's costliest function). */
let browserZone: string | undefined;

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
  if (tz === givenZone) return;
  givenZone = tz;
  userZone = tz && isZone(tz) ? tz : undefined;
}

export const displayTimeZone = (): string => {
  if (userZone) return userZone;
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browserZone;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * The calendar and clock parts of `value` in the display zone. In the browser's own zone (a user
 * who chose none) Date's local getters give them: the first Intl object a page builds loads the
 * browser's locale data, 40–130 ms on a slow phone-like CPU, in the middle of the page's first draw
 * (issue 33: total blocking time). A chosen zone needs Intl's time-zone data, and pays it once.
 */
function partsOf(value: string | number | Date) {
  const date = new Date(value);
  if (!userZone)
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
    };
  let f = formatters.get(userZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: userZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(userZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(date)) if (p.type !== 'literal') out[p.type] = Number(p.value);
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

type DateLike = string | number | Date;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A day number (days since 1970-01-01) of the calendar day `value` falls on in the display zone. */
function dayNumber(value: DateLike): number {
  const p = partsOf(value);
  return Math.floor(Date.UTC(p.year, p.month - 1, p.day) / 86_400_000);
}

/** "2026-11-23": the calendar day in the display zone, for grouping. */
export function dayKey(value: DateLike): string {
  const p = partsOf(value);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** "Today", "Yesterday" or "23 Nov 2026": the heading of a day's group (notifications, a thread). */
export function dayLabel(value: DateLike, now: DateLike = new Date()): string {
  const days = dayNumber(now) - dayNumber(value);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return formatDate(value);
}

/** A list's short time: "18:00" today, the weekday ("Fri") within the week, else "23 Nov 2026". */
export function shortWhen(value: DateLike | null, now: DateLike = new Date()): string {
  if (value === null) return '';
  const days = dayNumber(now) - dayNumber(value);
  if (days === 0) return formatTime(value);
  if (days > 0 && days < 6) return WEEKDAYS[new Date(Date.UTC(1970, 0, 1 + dayNumber(value))).getUTCDay()]!;
  return formatDate(value);
}

/** Consecutive items of one calendar day (in the order given), each run headed by `dayLabel`. */
export function groupByDay<T>(items: T[], dateOf: (item: T) => DateLike, now: DateLike = new Date()) {
  const groups: { key: string; day: string; items: T[] }[] = [];
  for (const item of items) {
    const key = dayKey(dateOf(item));
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, day: dayLabel(dateOf(item), now), items: [item] });
  }
  return groups;
}

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
