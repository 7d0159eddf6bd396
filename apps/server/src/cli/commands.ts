import { accountsCommands } from './accounts-commands';
import { chainCommands } from './chain-commands';
import { coreCommands } from './core-commands';
import { ledgerCommands } from './ledger-commands';
import { projectsCommands } from './projects-commands';
import { scaleCommands } from './scale-commands';
import { storageCommands } from './storage-commands';
import type { CliCommand } from './types';

/** Every `npm run cli -- <command>`, one file per domain. */
export const cliCommands: Record<string, CliCommand> = {
  ...coreCommands,
  ...accountsCommands,
  ...projectsCommands,
  ...ledgerCommands,
  ...scaleCommands,
  ...chainCommands,
  ...storageCommands,
};
