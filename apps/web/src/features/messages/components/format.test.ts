import type { Message } from '@devmarket/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay, shortWhen } from './format';

const now = dayjs('2026-11-22T15:00:00');
const msg = (createdAt: string, id = createdAt): Message => ({
  id,
  threadID: 't',
  userID: 'u',
  text: 'x',
  type: 'text',
  projectID: null,
  projectHandle: null,
  projectName: null,
  createdAt: dayjs(createdAt).toISOString(),
});

describe('message formatting', () => {
  it('labels days as Today, Yesterday or a date', () => {
    expect(dayLabel(dayjs('2026-11-22T09:00:00').toISOString(), now)).toBe('Today');
    expect(dayLabel(dayjs('2026-11-21T23:59:00').toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(dayjs('2026-11-02T10:00:00').toISOString(), now)).toBe('Monday, 2 November');
    expect(dayLabel(dayjs('2025-01-01T10:00:00').toISOString(), now)).toBe('Wednesday, 1 January 2025');
  });

  it('groups runs of one day, keeping order', () => {
    const groups = groupByDay(
      [msg('2026-11-20T10:00:00'), msg('2026-11-20T11:00:00'), msg('2026-11-22T08:00:00')],
      now,
    );
    expect(groups.map((g) => [g.day, g.messages.length])).toEqual([
      ['Friday, 20 November', 2],
      ['Today', 1],
    ]);
  });

  it('shows short times in the thread list', () => {
    expect(shortWhen(dayjs('2026-11-22T08:05:00').toISOString(), now)).toBe('08:05');
    expect(shortWhen(dayjs('2026-11-20T08:05:00').toISOString(), now)).toBe('Fri');
    expect(shortWhen(dayjs('2026-10-01T08:05:00').toISOString(), now)).toBe('1 Oct 2026');
    expect(shortWhen(null, now)).toBe('');
  });
});
