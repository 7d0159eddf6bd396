import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How a publish steps aside for the payments beside it: after each piece of work it rests REST
 * times as long as that piece took (PostgreSQL's cost-based vacuum delay, measured in time). The
 * publish then holds a fifth of the database and CPU time it would take at full speed, for five
 * times as long: about 4 s instead of 0.8 s for 100,000 balances on a quiet machine
 * (docs/performance.md "Proof of liabilities").
 */
export const PUBLISH_REST = 4;
/**
 * No rest begins after this much of a publish has passed: on a busy machine the work itself is
 * slower, and resting in proportion would push a publish past DESIGN §15's 10 s.
 */
export const PUBLISH_REST_BUDGET_MS = 5_000;

export type Pace = {
  /** Rests in proportion to the work done since the last rest (or since the pace began). */
  rest(): Promise<void>;
  /** Starts the next measure now, with no rest (after work that rested on its own: the hashing worker). */
  skip(): void;
  /** What a worker thread needs to rest the same way: the factor and the budget left. */
  readonly forWorker: { rest: number; budgetMs: number };
};

/**
 * A pace for one publish. `rest` 0 never rests: PGlite, whose one connection a resting read
 * transaction would hold from every request. `timer` is the monotonic clock it measures work by
 * and how it sleeps (a test passes its own).
 */
export function createPace(
  rest: number,
  budgetMs = PUBLISH_REST_BUDGET_MS,
  timer: { now: () => number; sleep: (ms: number) => Promise<unknown> } = { now: () => performance.now(), sleep },
): Pace {
  const { now: clock } = timer;
  const start = clock();
  let since = start;
  return {
    async rest() {
      const now = clock();
      const left = budgetMs - (now - start);
      const ms = Math.min((now - since) * rest, left);
      if (rest > 0 && ms >= 1) await timer.sleep(ms);
      since = clock();
    },
    skip() {
      since = clock();
    },
    get forWorker() {
      return { rest, budgetMs: Math.max(0, budgetMs - (clock() - start)) };
    },
  };
}
