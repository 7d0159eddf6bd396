import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { cliCommands } from './cli/commands';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
${Object.entries(cliCommands)
  .map(([name, c]) => `  ${name.padEnd(20)} ${c.description}`)
  .join('\n')}`;

/** Works on a stopped DATA_DIR (it migrates first) and on PostgreSQL at any time (DESIGN §2). */
async function main() {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? cliCommands[name] : undefined;
  if (!command) {
    console.log(USAGE);
    process.exit(name && name !== 'help' && name !== '--help' ? 2 : 0);
  }
  const { values } = parseArgs({ args: rest, options: command.options ?? {}, allowPositionals: false });
  const config = loadConfig();
  let database: Database | undefined;
  if (command.noDatabase) {
    await command.run({
      database: undefined as unknown as Database,
      config,
      args: values as Record<string, string | boolean | undefined>,
    });
    return;
  }
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await command.run({ database, config, args: values as Record<string, string | boolean | undefined> });
  } finally {
    await database?.close();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err?.name === 'CliError') {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
