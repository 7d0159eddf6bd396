import type { CliCommand } from './types';

/** CLI commands of the ledger issue (e.g. `ledger-check`). */
export const ledgerCommands: Record<string, CliCommand> = {};
