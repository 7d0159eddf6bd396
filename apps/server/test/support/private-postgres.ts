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
