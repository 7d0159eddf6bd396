import type { ErrorBody } from '@devmarket/contract';
import type { EndpointPath, Endpoints } from '@devmarket/contract/endpoints';
import { notifyError } from './notify';

export const API_BASE = '/api/v1';

/** A non-2xx answer, or no answer at all (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | undefined;
  readonly data: unknown;

  constructor(status: number, data: unknown, message: string) {
    super(message);
    this.status = status;
    this.data = data;
    this.body = data && typeof data === 'object' ? (data as Partial<ErrorBody>) : undefined;
  }

  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {};
  }
}

type Options = { params?: Record<string, string>; body?: unknown; query?: object; signal?: AbortSignal };

/**
 * The one HTTP client: the browser sends the server's HttpOnly session cookie (same origin; the
 * app never touches it, DESIGN §14), JSON in and out, no timeout (spec
 * §7). `path` is a pattern of the endpoint table; `opts.params` fill its `:params`.
 */
async function request(method: string, path: string, opts: Options = {}): Promise<{ data: unknown; headers: Headers }> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const qs = opts.query
    ? `?${new URLSearchParams(
        Object.entries(opts.query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      )}`
    : '';
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${fillPath(path, opts.params)}${qs}`, { method, headers, body, signal: opts.signal });
  } catch (err) {
    throw new ApiError(0, undefined, (err as Error).message || 'Network error');
  }
  const text = await res.text();
  let data: unknown = text;
  if (text && res.headers.get('content-type')?.includes('json')) {
    try {
      data = JSON.parse(text);
    } catch {
      /* keep the text */
    }
  }
  if (!res.ok) {
    const b = data as Partial<ErrorBody> | undefined;
    throw new ApiError(res.status, data, b?.msg ?? b?.error ?? `Request failed (${res.status})`);
  }
  return { data: text ? data : undefined, headers: res.headers };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Entry<M extends Method, P extends EndpointPath<M>> = Endpoints[`${M} ${P}` & keyof Endpoints];

/** `{ params }` when the path has `:params`, `{ query }` and `{ body }` when the route takes them. */
type CallOptions<E extends Endpoints[keyof Endpoints]> = ([keyof E['params']] extends [never]
  ? { params?: never }
  : { params: E['params'] }) &
  ([E['query']] extends [never]
    ? { query?: never }
    : Record<never, never> extends E['query']
      ? { query?: E['query'] }
      : { query: E['query'] }) &
  ([E['body']] extends [never]
    ? { body?: never }
    : undefined extends E['body']
      ? { body?: E['body'] }
      : { body: E['body'] }) & { signal?: AbortSignal };

/** The options may be left out when none of them is required. */
type CallArgs<E extends Endpoints[keyof Endpoints]> =
  Record<never, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** `'/tasks/:id/files/:fileId'` with `{ id, fileId }` → `/tasks/…/files/…` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}

// The options' types are checked by `CallArgs`; at run time they are the request's options.
function caller<M extends Method>(method: M) {
  return async <P extends EndpointPath<M>>(path: P, ...[options]: CallArgs<Entry<M, P>>) =>
    (await request(method, path, options as Options)).data as Entry<M, P>['answer'];
}

/** A GET of a list that states its whole length in X-Total-Count (GET /transactions). */
export async function getPage<P extends EndpointPath<'GET'>>(
  path: P,
  ...[options]: CallArgs<Entry<'GET', P>>
): Promise<{ items: Entry<'GET', P>['answer']; total: number }> {
  const { data, headers } = await request('GET', path, options as Options);
  const items = data as Entry<'GET', P>['answer'];
  return { items, total: Number(headers.get('x-total-count') ?? (Array.isArray(items) ? items.length : 0)) };
}

/**
 * Typed from the contract's endpoint table (`@devmarket/contract/endpoints`, types only): the
 * path is one the server has, `params`/`query`/`body` are what that route takes and the promise
 * holds what it answers, e.g. `api.get('/projects/id/:id', { params: { id } })` → ProjectWithUsers.
 */
export const api = {
  get: caller('GET'),
  post: caller('POST'),
  put: caller('PUT'),
  delete: caller('DELETE'),
};

export type FailureCallback = (errors: Record<string, string>, status: number, error: unknown) => void;

/**
 * The shared failure handler of spec §8: always logs; 422 shows no toast and hands the field
 * errors to the caller; 500 toasts a generic line; other statuses toast msg, error or the data;
 * no answer toasts the error's own message. The callback then gets errors, status and error.
 */
export function handleFailure(error: unknown, callback?: FailureCallback): void {
  const err = error instanceof ApiError ? error : new ApiError(0, undefined, (error as Error)?.message ?? 'Error');
  // A refusal (4xx) is an answer the person is shown, not a fault: only the rest is logged.
  if (err.status < 400 || err.status >= 500) console.error(error);
  if (err.status === 422) {
    // no toast: the form shows the messages under its fields
  } else if (err.status >= 500) {
    notifyError('Server error, please try again later');
  } else if (err.status === 0) {
    notifyError(err.message);
  } else {
    const b = err.body;
    notifyError(b?.msg ?? b?.error ?? (typeof err.data === 'string' ? err.data : JSON.stringify(err.data)));
  }
  callback?.(err.fieldErrors, err.status, err);
}
