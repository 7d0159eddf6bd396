import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { readRoutingPlugin } from './plugins/read-routing';
import type { Database } from './db/client';
import { loggerOptions } from './lib/log-redaction';
import { createResponseSerializer } from './lib/response-serializer';
import { jobHandlers } from './job-registry';
import { createJobRunner } from './modules/jobs';
import { createMailer } from './modules/mail';
import { createChainWatcher } from './modules/payments';
import { createEventBus } from './modules/realtime';
import { registerModules } from './modules/index';
import { ensureSnapshotSchedule } from './modules/solvency';
import { authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticPlugin } from './plugins/static';
import { workspaceProjectName } from './plugins/workspace-name';
import { swaggerPlugin } from './plugins/swagger';
import { uploadsPlugin } from './plugins/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type BuildOptions = {
  config: Config;
  database: Database;
  /** Close the database when the app closes (the server does; tests sharing one may not). */
  closeDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  webDist?: string | null;
  /** Start background jobs and the event listener (off in most tests). */
  background?: boolean;
  /**
   * Encode every answer with its zod schema before sending and fail on a mismatch. On by default
   * outside production (tests, `npm run dev`); production sends through the compiled serializer only.
   */
  checkResponses?: boolean;
  /** The clock of the AppContext (default: the wall clock); tests pass one they can advance. */
  now?: () => Date;
};

/** JSON body limit; larger bodies get 413 (uploads use multipart with their own limit). */
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // Tokens, hashes and SQL parameters never reach the log (lib/log-redaction.ts).
    logger: opts.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // JSON only (multipart is added by its plugin): anything else is 415, not a 422 guess.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializer({ check: opts.checkResponses ?? process.env.NODE_ENV !== 'production' }),
  );

  await app.register(errorHandlerPlugin);
  await app.register(databasePlugin, { database: opts.database, closeOnStop: opts.closeDatabase ?? false });
  const events = createEventBus(opts.database, app.log);
  app.decorate('ctx', {
    db: opts.database.db,
    database: opts.database,
    config,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    events,
    log: app.log,
    now: opts.now ?? (() => new Date()),
  } satisfies AppContext);

  // Helmet's headers, computed once at start (plugins/security-headers.ts).
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Off: it would break plain-http deployments on a LAN address.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  // JSON answers of 1 KB and more go out brotli- or gzip-compressed when the browser accepts it (a
  // 500-task board is ~150 KB of JSON, ~15 KB compressed). Only JSON: the web app's files are
  // compressed at build time, file downloads are sent as stored, and the event stream must not
  // be buffered by a compressor.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: (type: string) => type.startsWith('application/json'),
  });
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  // After auth: 401/403 come first, then 415 for a multipart body off the upload routes.
  await app.register(uploadsPlugin, { fileSizeLimit: config.uploadLimitBytes });
  await app.register(readRoutingPlugin);
  await app.register(swaggerPlugin);

  await app.register(registerModules, { prefix: '/api/v1' });

  if (opts.webDist !== null) {
    await app.register(staticPlugin, {
      webDist: opts.webDist ?? defaultWebDist,
      projectName: workspaceProjectName(app),
    });
  }

  if (opts.background) {
    const jobRunner = createJobRunner(app.ctx, jobHandlers);
    // DESIGN §12: follows the chain when ETH_RPC_URL is set (a no-op otherwise).
    const chainWatcher = createChainWatcher(app.ctx);
    app.addHook('onReady', async () => {
      await events.start();
      // DESIGN §15: the hourly proof-of-liabilities snapshot (one job per hour across instances).
      await ensureSnapshotSchedule(app.ctx);
      jobRunner.start();
      await chainWatcher.start();
    });
    app.addHook('onClose', async () => {
      await chainWatcher.stop();
      await jobRunner.stop();
      await events.stop();
    });
  }
  return app;
}
