import type { ErrorBody } from '@devmarket/contract';
import { getAccessToken } from './cookie';
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

type Options = { body?: unknown; query?: Record<string, string | number | undefined>; signal?: AbortSignal };

/** The one HTTP client: bearer token from the AccessToken cookie, JSON in and out, no timeout (spec §7). */
export async function request<T>(method: string, path: string, opts: Options = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
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
    res = await fetch(`${API_BASE}${path}${qs}`, { method, headers, body, signal: opts.signal });
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
  return (text ? data : undefined) as T;
}

export const api = {
  get: <T>(path: string, opts?: Options) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: Options) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: Options) => request<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, opts?: Options) => request<T>('DELETE', path, opts),
};

export type FailureCallback = (errors: Record<string, string>, status: number, error: unknown) => void;

/**
 * The shared failure handler of spec §8: always logs; 422 shows no toast and hands the field
 * errors to the caller; 500 toasts a generic line; other statuses toast msg, error or the data;
 * no answer toasts the error's own message. The callback then gets errors, status and error.
 */
export function handleFailure(error: unknown, callback?: FailureCallback): void {
  console.error(error);
  const err = error instanceof ApiError ? error : new ApiError(0, undefined, (error as Error)?.message ?? 'Error');
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
