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
