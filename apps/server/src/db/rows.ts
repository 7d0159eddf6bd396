import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client';

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A timestamptz column as the API writes it (`Date#toISOString`: UTC, milliseconds, `Z`),
 * formatted by PostgreSQL so hot lists answer rows without parsing and re-printing dates.
 * `to_char` truncates microseconds, as the Date parsing of the other paths does.
 */
export const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
