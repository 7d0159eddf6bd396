import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lightTransactions } from './light-transactions';
import { lockDataDir } from './lock';
import { openReadReplica, type ReadReplica } from './read-replica';
import { retryTransactions } from './retry';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The streaming replica of DATABASE_READ_URL (DESIGN §18), when one is configured. */
  replica: ReadReplica | null;
  listen: Listen;
  close: () => Promise<void>;
};

export type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Open a PGlite instance from a dump (test template) instead of a directory. */
  loadDataDir?: Blob;
  inMemory?: boolean;
  migrate?: boolean;
  poolSize?: number;
  /** DATABASE_READ_URL: a streaming replica for listings, searches, profiles and reviews. */
  readUrl?: string;
  /** Where the replica says it is down, lagging or back (once per change). */
  log?: { warn(msg: string): void; info(msg: string): void };
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.poolSize) : await openPglite(opts);
  if (opts.migrate !== false) await migrateDatabase(database);
  if (opts.readUrl && database.kind === 'postgres') {
    const primary = (database as unknown as { pool: pg.Pool }).pool;
    const replica = await openReadReplica({
      url: opts.readUrl,
      primary,
      log: opts.log ?? console,
      isUnavailable: isDatabaseUnavailable,
      poolSize: opts.poolSize,
    });
    const closePrimary = database.close;
    return {
      ...database,
      replica,
      close: async () => {
        await replica.close();
        await closePrimary();
      },
    };
  }
  return database;
}

/** Node-level errors of a socket to PostgreSQL that is gone or not there yet. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a lost or refused connection (DESIGN §14): class 08, shutdown and start-up
 * (57P01–57P03), too many connections, and 55000 (object not in prerequisite state, which a
 * server that is shutting down or not accepting connections answers).
 */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123]$|53300$|55000$)/;
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when an error (or its cause: drizzle wraps driver errors) says the database cannot be
 * reached right now, rather than that the query was wrong. Those requests answer 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === 'string' && (UNAVAILABLE_ERRNO.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // A request waits at most 5 s for a connection: while PostgreSQL is down it answers 503 soon
  // instead of hanging.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle connection that the server drops (restart, failover, a terminated backend) is
  // discarded by the pool and replaced on next use. Without a listener, Node would turn that
  // event into an uncaught error and stop the process.
  pool.on('error', (err) => {
    console.warn(`PostgreSQL dropped an idle connection: ${err.message}`);
  });
  // The pool listens for errors only on idle clients. A checked-out client whose backend is
  // terminated between two queries of a transaction emits 'error' too: without this listener
  // that crashed the process. The query in flight is rejected and the pool discards the client
  // when it is released.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      console.warn(`PostgreSQL dropped a connection in use: ${err.message}`);
    });
  });
  // Bigint columns come back as strings; the micros column type turns them into bigint.
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  // BEGIN/COMMIT straight to the client, no per-transaction schema builders (light-transactions.ts).
  lightTransactions(db);
  retryTransactions(db);
  let listenClient: pg.Client | undefined;
  const handlers = new Map<string, Set<(p: string) => void>>();
  let closed = false;
  let reconnecting = false;
  const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;
  // The LISTEN connection reconnects (1 s to 5 s back-off) and re-subscribes after a drop, such
  // as a PostgreSQL restart; without an error handler a dropped connection would crash the process.
  const reconnect = (delay: number) => {
    if (reconnecting || closed) return;
    reconnecting = true;
    const old = listenClient;
    listenClient = undefined;
    old?.end().catch(() => {});
    setTimeout(async () => {
      let next: pg.Client | undefined;
      try {
        next = await connectListener();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quote(channel)}`);
        listenClient = next;
        reconnecting = false;
      } catch {
        next?.end().catch(() => {});
        reconnecting = false;
        reconnect(Math.min(delay * 2, 5_000));
      }
    }, delay).unref();
  };
  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    client.on('error', () => {
      if (client === listenClient) reconnect(1000);
    });
    client.on('end', () => {
      if (client === listenClient) reconnect(1000);
    });
    await client.connect();
    return client;
  };
  const listen: Listen = async (channel, onPayload) => {
    if (!listenClient && !reconnecting) listenClient = await connectListener();
    let set = handlers.get(channel);
    if (!set) {
      set = new Set();
      handlers.set(channel, set);
      // While reconnecting, the new connection listens to every known channel.
      await listenClient?.query(`LISTEN ${quote(channel)}`);
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
    };
  };
  return {
    db,
    kind: 'postgres',
    replica: null,
    listen,
    close: async () => {
      closed = true;
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
    // The replica falls back to this pool (openDatabase).
    ...({ pool } as object),
  };
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const release = opts.inMemory || opts.loadDataDir ? () => {} : lockDataDir(opts.dataDir);
  let client: PGlite;
  try {
    const dataDir = opts.inMemory || opts.loadDataDir ? undefined : path.join(opts.dataDir, 'pgdata');
    client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir, relaxedDurability: false });
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    replica: null,
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    // Exposed for test templates (dumpDataDir).
    ...({ pglite: client } as object),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { sql } = await import('drizzle-orm');
    // Several instances may start at once: an advisory lock makes them migrate one at a time.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
      await migrate(tx as any, { migrationsFolder });
    });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await migrate(database.db as any, { migrationsFolder });
  }
}
