import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a lock file in the data directory makes a second process
 * (the CLI while the server runs, a second server) refuse instead of corrupting data.
 * A lock left by a process that died is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The database in ${dir} is in use by process ${pid}. Stop that process first (the embedded database allows one process at a time), or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      unlinkSync(file); // stale lock of a dead process
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}
