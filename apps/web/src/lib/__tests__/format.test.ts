import { afterEach, describe, expect, it } from 'vitest';
import {
  dayLabel,
  formatDate,
  formatDateDMY,
  formatDateTime,
  formatTime,
  formatUsd,
  formatUsdt,
  groupByDay,
  setDisplayTimeZone,
  shortWhen,
} from '../format';

afterEach(() => setDisplayTimeZone(null));

describe('dates', () => {
  it('reads one way, 24-hour, in the user timezone', () => {
    setDisplayTimeZone('Europe/London');
    expect(formatDate('2026-11-23T18:00:00Z')).toBe('23 Nov 2026');
    expect(formatDateTime('2026-11-23T18:00:00Z')).toBe('23 Nov 2026, 18:00');
    expect(formatDateTime('2026-09-05T00:07:00Z')).toBe('5 Sep 2026, 01:07');
    expect(formatTime('2026-11-23T08:17:01Z', { seconds: true })).toBe('08:17:01');
    expect(formatDateDMY('2026-11-03T10:00:00Z')).toBe('03/11/2026');
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDateTime('2026-11-23T18:00:00Z')).toBe('24 Nov 2026, 03:00');
  });

  it("without a chosen zone, reads the browser's own zone as Intl does", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // Both sides of a daylight-saving change in most zones that have one, and midnight UTC.
    for (const at of ['2026-03-29T00:30:00Z', '2026-03-29T03:30:00Z', '2026-10-25T00:30:00Z', '2026-12-31T23:59:00Z']) {
      const [date, time] = intl.format(new Date(at)).replace('Sept', 'Sep').split(', ');
      expect(formatDateTime(at)).toBe(`${date}, ${time}`);
    }
  });

  it('falls back to the browser timezone for an unknown zone', () => {
    setDisplayTimeZone('Not/AZone');
    expect(formatDate('2026-06-15T12:00:00Z')).toMatch(/^1[45] Jun 2026$/);
  });
});

describe('money', () => {
  it('has thousands separators', () => {
    expect(formatUsd('18946')).toBe('$18,946.00');
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsd('-1234.5')).toBe('-$1,234.50');
    expect(formatUsdt('1234.5')).toBe('1,234.50 USDT');
    expect(formatUsdt('150')).toBe('150.00 USDT');
  });
});

describe('calendar days (notifications, threads)', () => {
  const now = '2026-11-24T15:00:00Z';
  it('labels days Today, Yesterday, then "20 Nov 2026", in the user timezone', () => {
    setDisplayTimeZone('Europe/London');
    expect(dayLabel('2026-11-24T00:05:00Z', now)).toBe('Today');
    expect(dayLabel('2026-11-23T23:59:00Z', now)).toBe('Yesterday');
    expect(dayLabel('2026-11-20T12:00:00Z', now)).toBe('20 Nov 2026');
    // 23:30 on the 23rd in London is the morning of the 24th in Tokyo.
    const morning = '2026-11-24T10:00:00Z';
    expect(dayLabel('2026-11-23T23:30:00Z', morning)).toBe('Yesterday');
    setDisplayTimeZone('Asia/Tokyo');
    expect(dayLabel('2026-11-23T23:30:00Z', morning)).toBe('Today');
  });

  it('groups a list by day, keeping its order', () => {
    setDisplayTimeZone('UTC');
    const items = [
      { id: 'a', at: '2026-11-24T14:00:00Z' },
      { id: 'b', at: '2026-11-24T09:00:00Z' },
      { id: 'c', at: '2026-11-23T20:00:00Z' },
      { id: 'd', at: '2026-10-01T08:00:00Z' },
    ];
    const groups = groupByDay(items, (i) => i.at, now);
    expect(groups.map((g) => [g.day, g.items.map((i) => i.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      ['1 Oct 2026', ['d']],
    ]);
  });

  it('shows short times in the thread list', () => {
    setDisplayTimeZone('UTC');
    expect(shortWhen('2026-11-24T08:05:00Z', now)).toBe('08:05');
    expect(shortWhen('2026-11-20T08:05:00Z', now)).toBe('Fri');
    expect(shortWhen('2026-10-01T08:05:00Z', now)).toBe('1 Oct 2026');
    expect(shortWhen(null, now)).toBe('');
  });
});
