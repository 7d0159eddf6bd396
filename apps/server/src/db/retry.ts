import { MSG } from '@devmarket/contract';
import { AppError } from '../lib/errors';
import type { Db } from './client';

/** PostgreSQL's answers to two transactions that wait on each other: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_RETRIES = 3;

/** The SQLSTATE of a driver error, also when drizzle wrapped it (DrizzleQueryError keeps it as cause). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export const isRetryable = (err: unknown) => RETRYABLE.has(sqlState(err) ?? '');

/**
 * Makes every `db.transaction` retry a deadlock or serialization failure (DESIGN §8) at most three
 * times with a short random pause, then answer 409 'Busy, please try again': a lock conflict is
 * never a 500. Transactions here only touch the database, so running one again is safe.
 */
export function retryTransactions(db: Db): void {
  const run = db.transaction.bind(db);
  db.transaction = (async (fn: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run(fn, config);
      } catch (err) {
        if (!isRetryable(err)) throw err;
        if (attempt >= MAX_RETRIES) throw new AppError('CONFLICT', MSG.busy);
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
      }
    }
  }) as Db['transaction'];
}
