import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './modules/mail';
import type { EventBus } from './modules/realtime';

/** What services need from the outside world; built once per app, passed explicitly. */
export type AppContext = {
  db: Db;
  database: Database;
  config: Config;
  mailer: Mailer;
  events: EventBus;
  log: FastifyBaseLogger;
  /** The one clock: every rule that reads time calls it, so tests advance it instead of sleeping. */
  now: () => Date;
};
