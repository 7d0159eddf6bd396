import type { CliCommand } from './types';

/** CLI commands of the projects issue (e.g. `seed-demo`). */
export const projectsCommands: Record<string, CliCommand> = {};
