import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { checkStorage } from './lib/storage';

/** Listens, and closes gracefully on SIGINT/SIGTERM: in-flight requests finish, the database closes. */
async function main() {
  const config = loadConfig();
  // A missing bucket or bad credentials stop the start, not the first upload.
  await checkStorage(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    dataDir: config.dataDir,
  });
  // WEB_DIST lets the e2e suite serve a build of its own; normally apps/web/dist. A relative path
  // is taken from the working directory (the static file server wants an absolute one).
  const app = await buildApp({
    config,
    database,
    closeDatabase: true,
    background: true,
    webDist: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : undefined,
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Drain (DESIGN §9): stop accepting, end the event streams (preClose), let requests in flight
    // answer, stop the job runner and the LISTEN connection, close the database; at most 10 s.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  // Last line of defence (DESIGN §9): a promise nobody awaited that fails, for instance because
  // the database went away under it, is logged; it does not stop the process for every user.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.server.keepAliveTimeout = 65_000;
  app.server.requestTimeout = 60_000;
  app.log.info(`DevMarket is running at ${config.appUrl} (${database.kind})`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
