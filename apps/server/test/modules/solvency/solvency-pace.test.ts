import { describe, expect, it } from 'vitest';
import { createPace } from '../../../src/modules/solvency/solvency.pace';

/** A clock the test moves: work "takes" what the test says, and a rest moves it by its length. */
function fakeTimer() {
  let now = 0;
  const rests: number[] = [];
  return {
    rests,
    work: (ms: number) => {
      now += ms;
    },
    timer: {
      now: () => now,
      sleep: async (ms: number) => {
        rests.push(ms);
        now += ms;
      },
    },
  };
}

describe("a publish's pace (solvency.pace.ts)", () => {
  it('rests REST times as long as each piece of work took, measured from the last rest', async () => {
    const f = fakeTimer();
    const pace = createPace(4, 5_000, f.timer);
    f.work(10);
    await pace.rest();
    f.work(25);
    await pace.rest();
    expect(f.rests).toEqual([40, 100]);
    // Work that rested on its own (the hashing worker) is not rested for again.
    f.work(300);
    pace.skip();
    f.work(5);
    await pace.rest();
    expect(f.rests).toEqual([40, 100, 20]);
  });

  it('stops resting once its budget has passed, and tells a worker what is left of it', async () => {
    const f = fakeTimer();
    const pace = createPace(4, 1_000, f.timer);
    f.work(150);
    await pace.rest(); // 600 ms: 750 of 1,000 gone
    expect(pace.forWorker).toEqual({ rest: 4, budgetMs: 250 });
    f.work(100);
    await pace.rest(); // 400 wanted, 150 left
    f.work(100);
    await pace.rest(); // past the budget: no rest
    expect(f.rests).toEqual([600, 150]);
    expect(pace.forWorker.budgetMs).toBe(0);
  });

  it('rest 0 never rests (PGlite: its one connection is never held by a resting read)', async () => {
    const f = fakeTimer();
    const pace = createPace(0, 5_000, f.timer);
    f.work(500);
    await pace.rest();
    expect(f.rests).toEqual([]);
  });
});
