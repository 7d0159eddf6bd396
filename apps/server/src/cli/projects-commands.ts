import { seedDemo } from './demo-seed';
import type { CliCommand } from './types';

export { DEMO_DOMAIN, DEMO_PASSWORD } from './demo-seed';

/** CLI commands of the projects issue. */
export const projectsCommands: Record<string, CliCommand> = {
  'seed-demo': {
    description: `Fill a believable marketplace (clients, approved developers, projects, tasks, threads, money); --force to add another set`,
    options: { force: { type: 'boolean' } },
    run: async ({ database, config, args }) => seedDemo(database, config, Boolean(args.force)),
  },
};
