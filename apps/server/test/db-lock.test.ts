import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/lock';

const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded database lock', () => {
  it('refuses a second process with a clear message while the first holds the directory', () => {
    const release = lockDataDir(dir);
    try {
      const root = path.resolve(import.meta.dirname, '../../..');
      const r = spawnSync('npx', ['tsx', 'apps/server/src/cli.ts', 'migrate'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`The database in ${dir} is in use by process ${process.pid}`);
    } finally {
      release();
    }
  });

  it('takes over a lock left by a process that died', () => {
    const release = lockDataDir(dir);
    release();
    const again = lockDataDir(dir);
    expect(() => lockDataDir(path.join(dir))).not.toThrow(DataDirLockedError); // same pid re-enters
    again();
  });
});
