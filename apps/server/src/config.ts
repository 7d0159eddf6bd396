import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const boolish = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** DESIGN §2: environment variables only, all optional, validated once at start. */
const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url({ error: 'must be a URL such as https://example.com' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
  SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TRANSACTION_PENDING_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be greater than 0')
    .max(24 * 365)
    .default(6),
  /** DESIGN §11: days after payment in which the two parties review each other; fractions allowed. */
  FEEDBACK_WINDOW_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive('must be greater than 0')
    .max(3650)
    .default(14),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  TRUST_PROXY: boolish.default(false),
  UPLOAD_LIMIT_MB: z.coerce.number().positive().max(1024).default(25),
});

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  secret: string;
  pendingHours: number;
  feedbackWindowDays: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  authIpLimitPerMinute: number;
  trustProxy: boolean;
  uploadLimitBytes: number;
};

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secret: e.SECRET ?? readOrCreateSecret(dataDir),
    pendingHours: e.TRANSACTION_PENDING_HOURS,
    feedbackWindowDays: e.FEEDBACK_WINDOW_DAYS,
    logLevel: e.LOG_LEVEL,
    authIpLimitPerMinute: e.AUTH_IP_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    uploadLimitBytes: Math.round(e.UPLOAD_LIMIT_MB * 1024 * 1024),
  };
}

/** The signing secret is generated once and kept in DATA_DIR so restarts keep it. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
