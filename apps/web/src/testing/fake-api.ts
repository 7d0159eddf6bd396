import { API_BASE } from '../lib/api-client';

export type FakeRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
};
/** A handler answers with a body (200 JSON), or a Response made with `reply` for other statuses. */
export type FakeHandler = (req: FakeRequest) => unknown;
export type FakeRoutes = Record<string, FakeHandler>;

/** A JSON answer with a status, e.g. `reply(422, { errors: { email: '…' } })`. */
export const reply = (status: number, body?: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });

/** 'GET /tasks/:id' → a matcher of the method and path (path params by name). */
function compile(key: string) {
  const [method, pattern] = key.split(' ');
  const names: string[] = [];
  const re = new RegExp(
    `^${pattern.replace(/:(\w+)/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  return (m: string, path: string) => {
    if (m !== method) return null;
    const hit = re.exec(path);
    return hit ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(hit[i + 1])])) : null;
  };
}

/**
 * The API as a test declares it: `fetch` answers only the routes given; any other call is
 * recorded, fails the request, and fails the test in `afterEach` (testing/setup-tests.ts), so a
 * screen cannot quietly depend on a call the test did not think about.
 */
export class FakeApi {
  readonly calls: FakeRequest[] = [];
  readonly unhandled: string[] = [];
  private routes: { key: string; match: ReturnType<typeof compile>; handler: FakeHandler }[] = [];

  constructor(routes: FakeRoutes = {}) {
    this.on(routes);
  }

  /** Adds or replaces routes (later ones win). */
  on(routes: FakeRoutes): this {
    for (const [key, handler] of Object.entries(routes)) {
      this.routes = this.routes.filter((r) => r.key !== key);
      this.routes.unshift({ key, match: compile(key), handler });
    }
    return this;
  }

  /** The calls made to one route key, e.g. `api.callsTo('POST /auth/login')`. */
  callsTo(key: string): FakeRequest[] {
    const match = compile(key);
    return this.calls.filter((c) => match(c.method, c.path));
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname;
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        /* not JSON */
      }
    }
    for (const route of this.routes) {
      const params = route.match(method, path);
      if (!params) continue;
      const req = { method, path, params, query: url.searchParams, body };
      this.calls.push(req);
      const out = await route.handler(req);
      return out instanceof Response ? out : reply(200, out);
    }
    this.unhandled.push(`${method} ${path}`);
    throw new TypeError(`No fake answer for ${method} ${path}`);
  };
}
