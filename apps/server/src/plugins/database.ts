import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Exposes an already opened database; the caller owns opening (tests share templates). */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; closeOnStop: boolean }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.closeOnStop) app.addHook('onClose', async () => opts.database.close());
  },
  { name: 'database' },
);
