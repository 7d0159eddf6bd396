import pg from 'pg';
import * as schema from './schema/index';
import type { Db } from './client';

/**
 * Reads from a streaming replica (DESIGN §18). `DATABASE_READ_URL` names it; listings, searches,
 * public profiles and reviews read through `reads.db`, everything else through the primary.
 *
 * A replica must never fail a request or show a person stale data of their own:
 * - every replica query that fails for want of a connection is run again on the primary, and the
 *   replica is left alone until a probe finds it back (logged once per outage, not per query);
 * - a probe every few seconds compares the replica's replay position with the primary's: while it
 *   trails by more than `maxLagSeconds`, reads go to the primary;
 * - a person who just wrote reads from the primary for a few seconds (plugins/read-routing.ts).
 */
export type ReadMetrics = {
  /** 'replica' while reads go there; 'lagging' or 'down' while they go to the primary. */
  state: 'replica' | 'lagging' | 'down';
  lagSeconds: number | null;
  replicaReads: number;
  primaryReads: number;
  fallbacks: number;
};

export type ReadReplica = {
  /** The database that reads of listings, searches, profiles and reviews use right now. */
  db: Db;
  metrics(): ReadMetrics;
  /** Counts a read routed to the primary on purpose (a fresh write, no replica). */
  countPrimaryRead(): void;
  close(): Promise<void>;
};

type Log = { warn(msg: string): void; info(msg: string): void };

/** The pool the replica's drizzle runs on: it falls back to the primary's pool on any connection failure. */
class FallbackPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly primary: pg.Pool,
    private readonly route: {
      usable(): boolean;
      failed(err: unknown): boolean;
      served(onReplica: boolean): void;
    },
  ) {
    super(config);
  }

  // drizzle (and db/raw.ts) call the promise form with one or two arguments.
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
  override query(...args: any[]): any {
    if (!this.route.usable()) {
      this.route.served(false);
      // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
      return (this.primary.query as any)(...args);
    }
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
    return (super.query as any)(...args).then(
      (r: unknown) => {
        this.route.served(true);
        return r;
      },
      (err: unknown) => {
        if (!this.route.failed(err)) throw err;
        this.route.served(false);
        // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
        return (this.primary.query as any)(...args);
      },
    );
  }
}

export async function openReadReplica(opts: {
  url: string;
  primary: pg.Pool;
  log: Log;
  isUnavailable: (err: unknown) => boolean;
  maxLagSeconds?: number;
  probeMs?: number;
  poolSize?: number;
}): Promise<ReadReplica> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const maxLag = opts.maxLagSeconds ?? 10;
  const counts = { replicaReads: 0, primaryReads: 0, fallbacks: 0 };
  let state: ReadMetrics['state'] = 'replica';
  let lagSeconds: number | null = null;
  let behindSince: number | null = null;
  const setState = (next: ReadMetrics['state'], why: string) => {
    if (next === state) return;
    // Once per change of state: an outage is one line, not one per request.
    if (next === 'replica') opts.log.info(`read replica: back in use (${why})`);
    else opts.log.warn(`read replica: ${next}, reads go to the primary (${why})`);
    state = next;
  };

  const pool = new FallbackPool(
    { connectionString: opts.url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 2_000 },
    opts.primary,
    {
      usable: () => state === 'replica',
      failed: (err) => {
        if (!opts.isUnavailable(err)) return false;
        counts.fallbacks++;
        setState('down', err instanceof Error ? err.message : String(err));
        return true;
      },
      served: (onReplica) => {
        if (onReplica) counts.replicaReads++;
        else counts.primaryReads++;
      },
    },
  );
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));

  // The probe: how far the replica's replay trails the primary's WAL, in seconds of commits.
  const probe = async () => {
    try {
      // The replica itself, past the fallback of FallbackPool.query.
      const direct = pg.Pool.prototype.query as (this: pg.Pool, text: string) => Promise<pg.QueryResult>;
      const r = await direct.call(pool, 'select pg_last_wal_replay_lsn()::text as lsn');
      const { lsn } = r.rows[0] as { lsn: string | null };
      const behind = lsn
        ? Number(
            (await opts.primary.query('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::float8 as d', [lsn]))
              .rows[0].d,
          )
        : 0;
      // The lag is how long the replica has trailed the primary without catching up: the age of
      // its last replayed commit would overstate it after an idle spell of the primary.
      if (behind > 0) behindSince ??= Date.now();
      else behindSince = null;
      lagSeconds = behindSince === null ? 0 : (Date.now() - behindSince) / 1000;
      setState(lagSeconds > maxLag ? 'lagging' : 'replica', `lag ${lagSeconds.toFixed(1)} s`);
    } catch (err) {
      lagSeconds = null;
      behindSince = null;
      setState('down', err instanceof Error ? err.message : String(err));
    }
  };
  await probe();
  const timer = setInterval(() => void probe(), opts.probeMs ?? 2_000);
  timer.unref();

  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    metrics: () => ({ state, lagSeconds, ...counts }),
    countPrimaryRead: () => {
      counts.primaryReads++;
    },
    close: async () => {
      clearInterval(timer);
      await pool.end();
    },
  };
}
