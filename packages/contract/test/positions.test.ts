import { describe, expect, it } from 'vitest';
import { positionBefore, TASK_POSITION_START } from '../src/tasks';

/** Moves the last card of a column to its top, `moves` times; returns every key the column held. */
function moveToTopRepeatedly(column: string[], moves: number): string[] {
  const keys = [...column];
  const seen = [...column];
  for (let i = 0; i < moves; i++) {
    const first = [...keys].sort()[0];
    const next = positionBefore(first);
    expect(next < first).toBe(true);
    keys.pop();
    keys.unshift(next);
    seen.push(next);
  }
  return seen;
}

describe('board position keys', () => {
  it('starts an empty column at the start key', () => {
    expect(positionBefore(null)).toBe(TASK_POSITION_START);
    expect(positionBefore(undefined)).toBe(TASK_POSITION_START);
  });

  it('keeps keys short: 1,000 moves to the top of a column stay under 20 characters', () => {
    const seen = moveToTopRepeatedly([TASK_POSITION_START, TASK_POSITION_START, TASK_POSITION_START], 1000);
    const longest = Math.max(...seen.map((k) => k.length));
    expect(longest).toBeLessThan(20);
  });

  it('sorts a new key above keys of the earlier bisection scheme and the demo seed', () => {
    for (const legacy of ['V', 'G', '1', '0V', '00001', '0000000000000000000000000000001', 'a0', 'a12']) {
      const key = positionBefore(legacy);
      expect(key < legacy).toBe(true);
      expect(positionBefore(key) < key).toBe(true);
    }
  });

  it('makes printable ASCII keys, so JavaScript and SQL collate "C" order them alike', () => {
    const seen = moveToTopRepeatedly(['0V', 'V'], 200);
    expect(seen.every((k) => /^[\x21-\x7e]+$/.test(k))).toBe(true);
  });
});
