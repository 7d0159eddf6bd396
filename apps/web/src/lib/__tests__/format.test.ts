import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateDMY,
  formatDateTime,
  formatTime,
  formatUsd,
  formatUsdt,
  setDisplayTimeZone,
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
