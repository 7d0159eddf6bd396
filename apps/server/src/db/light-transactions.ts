import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './client';

type SessionInternals = {
  client: pg.Pool;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: Db['transaction'];
};

/**
 * drizzle's node-postgres transaction without its per-transaction costs (issue 33, a CPU profile of
 * a sent message): the same steps — a pool client, BEGIN, the work on a transaction bound to that
 * client, COMMIT or ROLLBACK, release — but
 *
 * - BEGIN, COMMIT and ROLLBACK go to the client as plain texts, not through drizzle's SQL builder,
 *   its tracing and a query config pg copies property by property;
 * - the transaction object is built without the schema: drizzle's constructor makes a relational
 *   query builder for every table of it (`tx.query.<table>`) on each transaction, a tenth of the
 *   JavaScript time of a small write. Nothing here uses the relational API (`db.query.…`); the
 *   builders `tx.select/insert/update/delete`, `tx.execute` and nested transactions work as before.
 *
 * A transaction with options (isolation level, access mode) keeps drizzle's own path. Errors of
 * BEGIN/COMMIT reach the caller as pg's errors (drizzle would wrap them); `sqlState` and
 * `isDatabaseUnavailable` read both.
 */
export function lightTransactions(db: Db): void {
  const session = (db as unknown as { session: SessionInternals }).session;
  const drizzleTransaction = session.transaction.bind(session);
  const { dialect, options } = session;
  session.transaction = (async (work: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    if (config) return drizzleTransaction(work, config);
    const client = await session.client.connect();
    try {
      await client.query('begin');
      const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined, options), undefined);
      try {
        const result = await work(tx as unknown as Parameters<typeof work>[0]);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback');
        throw err;
      }
    } finally {
      client.release();
    }
  }) as Db['transaction'];
}
