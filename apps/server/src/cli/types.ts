import { userInfo } from 'node:os';
import type { ParseArgsConfig } from 'node:util';
import type { Config } from '../config';
import type { Database } from '../db/client';

export class CliError extends Error {
  override name = 'CliError';
}

export type CliCommand = {
  description: string;
  options?: ParseArgsConfig['options'];
  /** Runs without opening the database (a long-running helper must not hold DATA_DIR's lock). */
  noDatabase?: boolean;
  run: (opts: {
    /** Unset only for a `noDatabase` command. */
    database: Database;
    config: Config;
    args: Record<string, string | boolean | undefined>;
  }) => Promise<void>;
};

export function requireArg(args: Record<string, unknown>, name: string): string {
  const v = args[name];
  if (typeof v !== 'string' || !v) throw new CliError(`Missing --${name}`);
  return v;
}

/** The operator at the command line, as the audit log names them: no account id, `cli:<os user>`. */
export function cliActor(): { id: null; email: string } {
  let name = 'unknown';
  try {
    name = userInfo().username;
  } catch {
    /* no passwd entry (some containers) */
  }
  return { id: null, email: `cli:${name}` };
}
