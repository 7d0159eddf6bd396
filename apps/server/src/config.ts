import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAddress } from 'viem';
import { amountProblem, canonicalAmount, parseMoney } from '@devmarket/contract';
import { z } from 'zod';
import { hotWalletAddress, parseAccountXpub, parseBtcXpub } from './lib/hd-keys';

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
  /** DESIGN §18: a streaming replica for listings, searches, public profiles and reviews. */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** DESIGN §18: files and avatars in an S3-compatible bucket instead of DATA_DIR/uploads. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3–63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.eu-west-1.amazonaws.com' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolish.default(false),
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
  REVIEW_WINDOW_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive('must be greater than 0')
    .max(365)
    .default(7),
  /** DESIGN §11: days after payment in which the two parties review each other; fractions allowed. */
  FEEDBACK_WINDOW_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive('must be greater than 0')
    .max(3650)
    .default(14),
  /** DESIGN §14: a new withdrawal address is usable this many hours after it is added. */
  WITHDRAWAL_ADDRESS_COOLDOWN_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(0, 'must be 0 or more')
    .max(24 * 365)
    .default(24),
  /** DESIGN §14: withdrawals pause this long after a password reset or turning two-step verification off. */
  SECURITY_HOLD_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(0, 'must be 0 or more')
    .max(24 * 365)
    .default(24),
  /**
   * DESIGN §19: reviews, endorsements and the completed-paid-task count come only from tasks priced
   * at least this (USDT, exact decimal) and paid to an approved developer.
   */
  MIN_REPUTATION_PRICE: z
    .string()
    .superRefine((v, ctx) => {
      const problem = amountProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: `must be an amount in USDT such as 5 or 2.5 (${problem})` });
    })
    .default('5'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  TRUST_PROXY: boolish.default(false),
  UPLOAD_LIMIT_MB: z.coerce.number().positive().max(1024).default(25),
  // DESIGN §12: the evm provider is on when ETH_RPC_URL is set; the rest is then required.
  ETH_RPC_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:8545' }).optional(),
  DEPOSIT_XPUB: z.string().superRefine(validKey(parseAccountXpub)).optional(),
  HOT_WALLET_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x and 64 hex digits')
    .superRefine(validKey((k) => hotWalletAddress(k as `0x${string}`)))
    .optional(),
  USDT_ERC20_ADDRESS: z
    .string()
    .refine((v) => isAddress(v), 'must be a 0x contract address')
    .optional(),
  ETH_USD_FEED: z
    .string()
    .refine((v) => isAddress(v), 'must be a 0x price feed address')
    .optional(),
  ETH_CONFIRMATIONS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(12),
  ETH_POLL_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(50).max(600_000).default(4000),
  EXPLORER_TX_URL: z
    .string()
    .regex(/^https?:\/\/\S*\{hash\}\S*$/, 'must be a URL with {hash}, such as https://etherscan.io/tx/{hash}')
    .optional(),
  BTC_XPUB: z.string().superRefine(validKey(parseBtcXpub)).optional(),
  /** DESIGN §16: webhooks may reach private and local addresses, and http:// (development and tests only). */
  WEBHOOK_ALLOW_PRIVATE: boolish.default(false),
});

/** A refinement that reports the parser's own reason (bad checksum, private key, wrong depth). */
function validKey(parse: (v: string) => unknown) {
  return (v: string, ctx: z.RefinementCtx) => {
    try {
      parse(v);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `is not valid: ${(err as Error).message}` });
    }
  };
}

const EVM_REQUIRED = ['DEPOSIT_XPUB', 'HOT_WALLET_KEY', 'USDT_ERC20_ADDRESS', 'ETH_USD_FEED'] as const;

export type EvmConfig = {
  rpcUrl: string;
  depositXpub: string;
  hotWalletKey: `0x${string}`;
  usdtAddress: `0x${string}`;
  ethUsdFeed: `0x${string}`;
  confirmations: number;
  pollMs: number;
};

/** An S3-compatible store (DESIGN §18). */
export type S3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  /**
   * APP_URL's origin when APP_URL is set, else null: cookie-authenticated writes must come from
   * this origin, or from the request's own host when it is null (DESIGN §14, plugins/csrf.ts).
   */
  appOrigin: string | null;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of the primary (DESIGN §18); needs DATABASE_URL. */
  databaseReadUrl: string | undefined;
  /** Files in S3 when set, else DATA_DIR/uploads. */
  s3: S3Config | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  secret: string;
  pendingHours: number;
  /** DESIGN §8: how long a task waits in Review before it auto-releases to the assignee. */
  reviewWindowDays: number;
  feedbackWindowDays: number;
  withdrawalAddressCooldownHours: number;
  securityHoldHours: number;
  /** DESIGN §19: the smallest task price (micro-USDT) that earns reputation. */
  minReputationPrice: bigint;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  authIpLimitPerMinute: number;
  trustProxy: boolean;
  uploadLimitBytes: number;
  /** The evm payment provider (DESIGN §12); null: the simulated provider serves every currency. */
  evm: EvmConfig | null;
  /** Template of a block explorer's transaction page, `{hash}` replaced. */
  explorerTxUrl: string | undefined;
  btcXpub: string | undefined;
  /** Webhooks may target private, loopback and link-local addresses and http:// (never in production). */
  webhookAllowPrivate: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema
    .superRefine((e, ctx) => {
      if (e.DATABASE_READ_URL && !e.DATABASE_URL)
        ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URL'], message: 'needs DATABASE_URL (the primary)' });
      if (!e.S3_BUCKET)
        for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
          if (e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'needs S3_BUCKET' });
      if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
        ctx.addIssue({
          code: 'custom',
          path: [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
          message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
        });
      if (!e.ETH_RPC_URL) return;
      for (const name of EVM_REQUIRED)
        if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when ETH_RPC_URL is set' });
    })
    .safeParse(cleaned);
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
    appOrigin: e.APP_URL ? new URL(e.APP_URL).origin : null,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secret: e.SECRET ?? readOrCreateSecret(dataDir),
    pendingHours: e.TRANSACTION_PENDING_HOURS,
    reviewWindowDays: e.REVIEW_WINDOW_DAYS,
    feedbackWindowDays: e.FEEDBACK_WINDOW_DAYS,
    withdrawalAddressCooldownHours: e.WITHDRAWAL_ADDRESS_COOLDOWN_HOURS,
    securityHoldHours: e.SECURITY_HOLD_HOURS,
    minReputationPrice: parseMoney(canonicalAmount(e.MIN_REPUTATION_PRICE)),
    logLevel: e.LOG_LEVEL,
    authIpLimitPerMinute: e.AUTH_IP_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    uploadLimitBytes: Math.round(e.UPLOAD_LIMIT_MB * 1024 * 1024),
    evm: e.ETH_RPC_URL
      ? {
          rpcUrl: e.ETH_RPC_URL,
          depositXpub: e.DEPOSIT_XPUB as string,
          hotWalletKey: e.HOT_WALLET_KEY as `0x${string}`,
          usdtAddress: (e.USDT_ERC20_ADDRESS as string).toLowerCase() as `0x${string}`,
          ethUsdFeed: e.ETH_USD_FEED as `0x${string}`,
          confirmations: e.ETH_CONFIRMATIONS,
          pollMs: e.ETH_POLL_MS,
        }
      : null,
    explorerTxUrl: e.EXPLORER_TX_URL,
    btcXpub: e.BTC_XPUB,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
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
