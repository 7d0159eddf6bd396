import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Database } from '../db/client';

/**
 * A service context for CLI commands: the database, the configuration, the console as log and the
 * wall clock. No mailer or event bus: commands that need them do not use this.
 */
export function cliContext(database: Database, config: Config): AppContext {
  return {
    db: database.db,
    database,
    config,
    log: console,
    now: () => new Date(),
  } as unknown as AppContext;
}
