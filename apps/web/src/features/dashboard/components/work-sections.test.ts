import { describe, expect, it } from 'vitest';
import { timeLeft, usdt } from './work-sections';

describe('dashboard figures', () => {
  it('writes amounts exactly with separators and two decimals', () => {
    expect(usdt('0')).toBe('0.00 USDT');
    expect(usdt('1234.5')).toBe('1,234.50 USDT');
    expect(usdt('1234567.123456')).toBe('1,234,567.123456 USDT');
  });

  it('says how long a review window has left', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(timeLeft(new Date(now + 3 * 86_400_000).toISOString(), now)).toBe('3 days left');
    expect(timeLeft(new Date(now + 5 * 3_600_000).toISOString(), now)).toBe('5 hours left');
    expect(timeLeft(new Date(now + 10 * 60_000).toISOString(), now)).toBe('10 minutes left');
    expect(timeLeft(new Date(now - 1).toISOString(), now)).toBe('Review window ended');
  });
});
