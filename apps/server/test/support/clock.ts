/**
 * A clock a test controls (issue 26): pass `clock.now` to buildTestApp (`{ now: clock.now }`) and
 * move time with `advance(ms)` instead of sleeping. It starts at the wall clock's present (so rows
 * the database stamps itself, such as created_at defaults, stay in order with it) and only moves
 * when told to.
 */
export type TestClock = {
  now: () => Date;
  advance: (ms: number) => void;
  set: (at: Date) => void;
};

export function testClock(start: Date = new Date()): TestClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
    set: (d) => {
      at = d.getTime();
    },
  };
}

export const DAY_MS = 86_400_000;
