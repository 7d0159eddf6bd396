import { type ErrorBody, MSG } from '@devmarket/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client';
import { isRetryable } from '../db/retry';
import { AppError, unavailable } from '../lib/errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function body(status: number, msg: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { msg, error: STATUS_TEXT[status] ?? 'Error', ...extra };
}

/**
 * The multipart parser (busboy) throws plain errors for a body without a boundary or one that
 * ends before its closing boundary; they are the client's fault, so a 400, not a 500.
 */
const MALFORMED_MULTIPART_RE =
  /^(Multipart: Boundary not found|Boundary required|.*unexpected end of multipart data)$/i;
export const MALFORMED_MULTIPART_MSG = 'Malformed multipart body: the boundary is missing or the body ends early';

/** The innermost message of a wrapped driver error (drizzle's own message carries the SQL). */
function databaseReason(err: unknown): string {
  let e = err as { message?: string; cause?: unknown };
  while (e?.cause && typeof e.cause === 'object') e = e.cause as typeof e;
  return String(e?.message ?? e).slice(0, 200);
}

/** `/email` or `user.email` → `email`; nested paths keep dots: `tags.0`. */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
}

/**
 * Errors Fastify raises before routing, outside the error handler: a path that is not valid
 * percent-encoded UTF-8 (such as a lone surrogate's bytes) names no resource, so it is a 404
 * like any malformed id (DESIGN §9); the rest keep their status in our error shape.
 */
export function frameworkErrors(err: FastifyError, _req: unknown, reply: FastifyReply) {
  if (err.code === 'FST_ERR_BAD_URL') return reply.status(404).send(body(404, 'Not found'));
  const status = err.statusCode ?? 400;
  return reply.status(status).send(body(status, err.message));
}

/**
 * One place maps every error to the shape of DESIGN §3. Schema failures become 422 with one
 * message per field, Fastify's own 4xx keep their status, anything unexpected is a 500 whose
 * details stay in the log.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((rawErr: FastifyError, req, reply) => {
      let err = rawErr;
      // Lost or refused database connections (a terminated backend, a restart): 503 and retry,
      // logged as a warning with the driver's reason only (no SQL, no parameters).
      if (!(err instanceof AppError) && isDatabaseUnavailable(err)) {
        req.log.warn({ reason: databaseReason(err) }, 'database unavailable');
        err = unavailable() as unknown as FastifyError;
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        // A malformed id in the path is a missing resource, not a form error.
        if (err.validationContext === 'params') return reply.status(404).send(body(404, 'Not found'));
        const errors: Record<string, string> = {};
        for (const v of err.validation) {
          const key = fieldName(v.instancePath);
          if (!errors[key]) errors[key] = v.message ?? 'Invalid value';
        }
        return reply.status(422).send(body(422, 'Please correct the highlighted fields', { errors }));
      }
      if (err instanceof AppError) {
        if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
        return reply.status(err.status).send(
          body(err.status, err.message, {
            ...(err.fields ? { errors: err.fields } : {}),
            ...(err.appCode ? { code: err.appCode } : {}),
          }),
        );
      }
      if (isResponseSerializationError(err)) {
        req.log.error({ err }, 'response did not match its schema');
        return reply.status(500).send(body(500, 'Server error, please try again later'));
      }
      if (!err.statusCode && MALFORMED_MULTIPART_RE.test(err.message ?? '')) {
        return reply.status(400).send(body(400, MALFORMED_MULTIPART_MSG));
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const msg =
          err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type: send application/json'
            : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? 'Request body is too large'
              : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'Request body is empty'
                : status === 400 && err.code?.startsWith('FST_ERR_CTP')
                  ? 'Malformed JSON body'
                  : err.message;
        return reply.status(status).send(body(status, msg));
      }
      // A lock conflict outside a retried transaction (DESIGN §8): the client may simply try again.
      if (isRetryable(err)) return reply.status(409).send(body(409, MSG.busy));
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(body(500, 'Server error, please try again later'));
    });

    app.setNotFoundHandler((req, reply) => {
      reply.status(404).send(body(404, `Route ${req.method} ${req.url.split('?')[0]} not found`));
    });
  },
  { name: 'error-handler' },
);
