import { describe, expect, it } from 'vitest';
import { holdQuestion, normalPrice, reviewCountdown } from './escrow';

describe('escrow texts', () => {
  const now = Date.UTC(2030, 0, 10, 12, 0);
  const inMs = (ms: number) => new Date(now + ms).toISOString();

  it('counts the review window down in days, then hours, then minutes', () => {
    expect(reviewCountdown(inMs(7 * 86_400_000 - 5_000), now)).toBe('Auto-pays in 7 days');
    expect(reviewCountdown(inMs(6.2 * 86_400_000), now)).toBe('Auto-pays in 6 days');
    expect(reviewCountdown(inMs(1.4 * 86_400_000), now)).toBe('Auto-pays in 1 day');
    expect(reviewCountdown(inMs(86_400_000), now)).toBe('Auto-pays in 1 day');
    expect(reviewCountdown(inMs(23.5 * 3_600_000), now)).toBe('Auto-pays in 23 hours');
    expect(reviewCountdown(inMs(3_600_000), now)).toBe('Auto-pays in 1 hour');
    expect(reviewCountdown(inMs(59 * 60_000 + 1), now)).toBe('Auto-pays in 60 minutes');
    expect(reviewCountdown(inMs(90_000), now)).toBe('Auto-pays in 2 minutes');
    expect(reviewCountdown(inMs(5_000), now)).toBe('Auto-pays in 1 minute');
    expect(reviewCountdown(inMs(-1), now)).toBe('Auto-pays now');
  });

  it('asks before a hold, naming the task, the assignee and the amount', () => {
    expect(holdQuestion('SR-1', 'Aisha Khan', '150')).toBe(
      'Assign SR-1 to Aisha Khan and hold 150 USDT from your balance?',
    );
    expect(holdQuestion(null, 'Aisha Khan', '150')).toBe(
      'Assign this task to Aisha Khan and hold 150 USDT from your balance?',
    );
  });

  it('writes a typed price as the API does, or null when it is no positive amount', () => {
    expect(normalPrice(' 150.50 ')).toBe('150.5');
    expect(normalPrice('0')).toBeNull();
    expect(normalPrice('abc')).toBeNull();
    expect(normalPrice('')).toBeNull();
  });
});
