/**
 * Services throw AppError with a code from this list; one error handler maps it to HTTP
 * (DESIGN §3). Services never see HTTP themselves.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  INVALID: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database cannot be reached right now; answered with Retry-After (DESIGN §9). */
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly appCode?: number;
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { fields?: Record<string, string>; appCode?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.fields = opts.fields;
    this.appCode = opts.appCode;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (what = 'You are not allowed to do this') => new AppError('FORBIDDEN', what);
/** A 422 with one message per field, like a schema failure. */
export const invalid = (fields: Record<string, string>, message = 'Invalid input') =>
  new AppError('INVALID', message, { fields });
export const conflict = (message: string, appCode?: number) => new AppError('CONFLICT', message, { appCode });

/** Seconds a client waits before retrying while the database is unreachable. */
export const UNAVAILABLE_RETRY_SECONDS = 5;
export const unavailable = () =>
  new AppError('UNAVAILABLE', 'The service is briefly unavailable, please try again in a few seconds', {
    retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
  });
