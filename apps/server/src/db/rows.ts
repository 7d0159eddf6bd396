import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
