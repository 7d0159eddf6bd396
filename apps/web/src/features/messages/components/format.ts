import type { Message } from '@devmarket/contract';
import dayjs from 'dayjs';
import { formatDate, formatTime } from '../../../lib/format';

/** 'Today', 'Yesterday', or the weekday and date, for the day separators of a thread. */
export function dayLabel(iso: string, now = dayjs()): string {
  const d = dayjs(iso);
  if (d.isSame(now, 'day')) return 'Today';
  if (d.isSame(now.subtract(1, 'day'), 'day')) return 'Yesterday';
  return d.isSame(now, 'year') ? d.format('dddd, D MMMM') : d.format('dddd, D MMMM YYYY');
}

export const timeLabel = (iso: string) => formatTime(iso);

/** The thread list's short time: the time today, the weekday this week, else "23 Nov 2026". */
export function shortWhen(iso: string | null, now = dayjs()): string {
  if (!iso) return '';
  const d = dayjs(iso);
  if (d.isSame(now, 'day')) return formatTime(iso);
  if (now.diff(d, 'day') < 6) return d.format('ddd');
  return formatDate(iso);
}

export type MessageGroup = { day: string; key: string; messages: Message[] };

/** Splits messages (oldest first) into runs of one calendar day. */
export function groupByDay(messages: Message[], now = dayjs()): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (const m of messages) {
    const key = dayjs(m.createdAt).format('YYYY-MM-DD');
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.messages.push(m);
    else groups.push({ key, day: dayLabel(m.createdAt, now), messages: [m] });
  }
  return groups;
}

export const initials = (firstName: string, lastName: string) =>
  `${firstName.slice(0, 1)}${lastName.slice(0, 1)}`.toUpperCase();
