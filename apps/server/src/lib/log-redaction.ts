import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the log may never carry (DESIGN §9): SQL parameters, password hashes, token hashes and
 * tokens. Headers with credentials are removed by path; request addresses and errors (a failed
 * query's message carries its parameters) go through the serializers below.
 */
const REDACTED = '[redacted]';

/** argon2 password hashes, SHA-256 hex digests (token hashes), 256-bit base64url tokens, download links, API tokens. */
const SECRET_RES = [
  /\$argon2[a-z]*\$[^\s"',)]*/g,
  /(?<![A-Za-z0-9])[a-f0-9]{64}(?![A-Za-z0-9])/gi,
  /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g,
  /\bdl\.[0-9a-f-]{36}\.\d+\.[a-f0-9]+/g,
  // personal access tokens and webhook secrets (DESIGN §16)
  /dm_pat_[A-Za-z0-9]+/g,
  /whsec_[A-Za-z0-9+/=]+/g,
];

/** Removes drizzle's `params: …` tail (up to the stack frames) and anything that looks like a secret. */
export function scrubText(text: string): string {
  let out = text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, `\nparams: ${REDACTED}`);
  // PostgreSQL's detail repeats the offending values: `Key (token_hash)=(…) already exists.`
  out = out.replace(/\)=\([\s\S]*?\)(?= already exists| is not present|$)/g, `)=(${REDACTED})`);
  for (const re of SECRET_RES) out = out.replace(re, REDACTED);
  return out;
}

/** Query values and path segments that are credentials. */
export function redactUrl(url: string): string {
  return scrubText(
    url
      .replace(/([?&](?:token|code|password)=)[^&#]*/gi, `$1${REDACTED}`)
      .replace(/(\/verify-email\/)(?!\d{6}(?:[/?#]|$))[^/?#]+/, `$1${REDACTED}`),
  );
}

/** Keys of error objects that hold values sent to the database. */
const DROPPED_KEYS = new Set(['params', 'parameters', 'values']);

export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { message: scrubText(String(err)) };
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? 'Error',
    message: scrubText(String(e.message ?? '')),
    stack: typeof e.stack === 'string' ? scrubText(e.stack) : undefined,
  };
  for (const [key, value] of Object.entries(e)) {
    if (DROPPED_KEYS.has(key) || key === 'cause' || key in out) continue;
    if (typeof value === 'string') out[key] = scrubText(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (e.cause && depth < 4) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

export function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
}

/** Fastify's logger settings: level, header redaction and the serializers above. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
    serializers: {
      req: serializeRequest as never,
      err: serializeError as never,
      error: serializeError,
      reason: serializeError,
    },
  };
}
