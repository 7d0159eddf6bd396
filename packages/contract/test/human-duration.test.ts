import { describe, expect, it } from 'vitest';
import { humanDuration } from '../src/constants';

describe('humanDuration (issue 28: "3 minutes", "6 days", never "0.002 days")', () => {
  it('says a span in its largest whole unit', () => {
    expect(humanDuration(20_000)).toBe('less than a minute');
    expect(humanDuration(60_000)).toBe('1 minute');
    expect(humanDuration(3 * 60_000)).toBe('3 minutes');
    expect(humanDuration(0.002 * 86_400_000)).toBe('3 minutes');
    expect(humanDuration(5 * 3_600_000)).toBe('5 hours');
    expect(humanDuration(86_400_000)).toBe('1 day');
    expect(humanDuration(6 * 86_400_000)).toBe('6 days');
    expect(humanDuration(-2 * 3_600_000)).toBe('2 hours');
  });
});
