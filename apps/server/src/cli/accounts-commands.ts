import type { CliCommand } from './types';

/** CLI commands of the accounts issue (e.g. `approve-developer`). */
export const accountsCommands: Record<string, CliCommand> = {};
