import { is } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { Executor } from './client';

/**
 * Hot-path SQL without drizzle (docs/performance.md, issue 20): a fixed SQL text, prepared by
 * name on PostgreSQL, sent straight to the driver of the database or of the open transaction.
 *
 * drizzle's `execute(sql…)` rebuilds the text from the template on every call, wraps it in its
 * tracing and cache layers and hands pg a query config carrying its own type parsers, which pg
 * copies property by property for each query; for the few statements every request runs that
 * was a measurable share of the CPU. A statement here is a constant, so the text is built once.
 *
 * Values come back with the driver's own type parsing, the same in both drivers for the types
 * this is meant for: text, uuid, boolean, int4 and json. Cast bigint and numeric to text in the
 * SQL (pg answers them as strings, PGlite as numbers or bigints), and a timestamptz to text (and
 * `new Date(text)`, as drizzle maps one) or to the API's ISO form with `to_char`: pg's own date
 * parser can land a millisecond off drizzle's.
 */
export type Statement = { readonly name: string; readonly text: string };

/** A named statement; the name must be unique per text (pg refuses a name reused for another text). */
export const statement = (name: string, text: string): Statement => ({ name, text });

type PgLike = {
  query(config: { name?: string; text: string; values: unknown[]; rowMode?: 'array' }): Promise<{ rows: unknown[] }>;
};
type PgliteLike = {
  query(text: string, params: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<{ rows: unknown[] }>;
};

type Driver = { pg: PgLike } | { pglite: PgliteLike };
/** Per session (the database's, or one per transaction): drizzle's `is` walks the class chain each time. */
const drivers = new WeakMap<object, Driver>();

/** The driver under a drizzle database or transaction (its session's client: a pool, a pool client or PGlite). */
function driverOf(exec: Executor): Driver {
  const session = (exec as unknown as { session: object }).session;
  let driver = drivers.get(session);
  if (!driver) {
    const client = (session as { client: unknown }).client;
    driver = is(session, NodePgSession) ? { pg: client as PgLike } : { pglite: client as PgliteLike };
    drivers.set(session, driver);
  }
  return driver;
}

async function run(exec: Executor, st: Statement, values: unknown[], rowMode?: 'array'): Promise<unknown[]> {
  const driver = driverOf(exec);
  if ('pg' in driver) {
    const config = rowMode
      ? { name: st.name, text: st.text, values, rowMode }
      : { name: st.name, text: st.text, values };
    return (await driver.pg.query(config)).rows;
  }
  return (await driver.pglite.query(st.text, values, rowMode ? { rowMode } : undefined)).rows;
}

/**
 * A text built per request (a search's shape follows its words), sent unprepared: naming every
 * shape would leave one prepared statement per shape on each pooled connection. Still spares
 * drizzle's template walk, which on the talent search was a seventh of the request's CPU.
 */
export async function textRows<T>(exec: Executor, text: string, values: unknown[]): Promise<T[]> {
  const driver = driverOf(exec);
  if ('pg' in driver) return (await driver.pg.query({ text, values })).rows as T[];
  return (await driver.pglite.query(text, values)).rows as T[];
}

/** Rows as objects keyed by column name (alias the columns in the SQL as the caller wants them). */
export function statementRows<T>(exec: Executor, st: Statement, values: unknown[]): Promise<T[]> {
  return run(exec, st, values) as Promise<T[]>;
}

/** Rows as arrays in select order (for a select whose columns share names, or the fewest allocations). */
export function statementArrays<T extends unknown[]>(exec: Executor, st: Statement, values: unknown[]): Promise<T[]> {
  return run(exec, st, values, 'array') as Promise<T[]>;
}

/**
 * A list of ids as one parameter (`= any($1::uuid[])`): a PostgreSQL array literal. One
 * parameter keeps the statement's text constant, so it can be prepared by name, and spares
 * building and binding a placeholder per id (a search's 400 candidates).
 */
export const idArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;
