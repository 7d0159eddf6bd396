import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries on this machine (Debian layout, or PG_BIN), or null. */
export function findPostgresBin(): string | null {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

export type PrivatePostgres = {
  /** URL of the database `app` in the private cluster. */
  url: string;
  /** Terminates every backend of the `app` database (pg_terminate_backend); returns how many. */
  terminateBackends: () => Promise<number>;
  /** `pg_ctl restart -m fast`: every connection is cut and the server is briefly refused. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A throw-away PostgreSQL cluster in a temporary directory on a free port, for tests that kill
 * connections or restart the server: the shared instance other tests use is never touched.
 * PostgreSQL refuses to run as root, so as root its commands run as the `postgres` user.
 */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'devmarket-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const cmd = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const port = await freePort();
  await cmd('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  await cmd('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', opts, '-w', 'start']);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: adminUrl });
    c.on('error', () => {});
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end().catch(() => {});
    }
  };
  await admin((c) => c.query('create database app'));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/app`,
    terminateBackends: () =>
      admin(async (c) => {
        const r = await c.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = 'app' and pid <> pg_backend_pid()`,
        );
        return r.rowCount ?? 0;
      }),
    restart: async () => {
      await cmd('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-m', 'fast', '-w', 'restart']);
    },
    stop: async () => {
      await cmd('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type PrivateReplicaPair = {
  /** The database `app` on the primary. */
  primaryUrl: string;
  /** The same database on the streaming replica (read-only, hot standby). */
  replicaUrl: string;
  /** Runs SQL on the replica as a superuser (e.g. pg_wal_replay_pause()). */
  onReplica: (sql: string) => Promise<void>;
  /** `pg_ctl stop -m fast` of the replica only: connections to it are refused from then on. */
  stopReplica: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A primary and a streaming replica of their own (DESIGN §18): initdb, a base backup taken with
 * pg_basebackup -R (which writes the standby's primary_conninfo), each on a free port in one
 * temporary directory, run as the postgres system user when we are root. The machine's own
 * server (which allows no replication connections) is never touched.
 */
export async function startPrivateReplicaPair(bin: string): Promise<PrivateReplicaPair> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'devmarket-pg-pair-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const cmd = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const primaryData = path.join(dir, 'primary');
  const replicaData = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const common = `-k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  // initdb's pg_hba.conf already trusts replication connections from 127.0.0.1.
  await cmd('initdb', ['-D', primaryData, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const primaryOpts = `-p ${primaryPort} ${common} -c wal_level=replica -c max_wal_senders=4`;
  await cmd('pg_ctl', ['-D', primaryData, '-l', path.join(dir, 'primary.log'), '-o', primaryOpts, '-w', 'start']);
  const client = async (url: string, fn: (c: pg.Client) => Promise<unknown>) => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {});
    await c.connect();
    try {
      await fn(c);
    } finally {
      await c.end().catch(() => {});
    }
  };
  await client(`postgres://postgres@127.0.0.1:${primaryPort}/postgres`, (c) => c.query('create database app'));
  await cmd('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaData,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  const replicaOpts = `-p ${replicaPort} ${common} -c hot_standby=on`;
  await cmd('pg_ctl', ['-D', replicaData, '-l', path.join(dir, 'replica.log'), '-o', replicaOpts, '-w', 'start']);
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/app`;
  const stopOne = (data: string) => cmd('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/app`,
    replicaUrl,
    onReplica: (sql) => client(replicaUrl, (c) => c.query(sql)),
    stopReplica: async () => {
      await stopOne(replicaData);
    },
    stop: async () => {
      await stopOne(replicaData);
      await stopOne(primaryData);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
