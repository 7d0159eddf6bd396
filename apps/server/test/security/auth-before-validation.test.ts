import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/users';
import { buildTestApp, type TestApp } from '../helper';
import { listRoutes, type RouteInfo } from './openapi-routes';

/**
 * Who may call is checked before what is sent (plugins/auth.ts): a request the caller may not make
 * is refused with 401/403 even when its params, query and body are all invalid (which would be 422).
 * Every route of the OpenAPI document is swept, so a route guarded at a later hook stage fails here.
 */
const BAD_ID = 'not-an-id';
const badUrl = (r: RouteInfo) =>
  `${r.path.replace(/\{\w+\}/g, BAD_ID)}${r.query.length ? `?${r.query.map((q) => `${q}=%%bad`).join('&')}` : ''}`;

/** A body no schema of the API accepts: a JSON array where objects are expected, a broken multipart. */
function badBody(r: RouteInfo) {
  if (r.hasMultipart) {
    return { payload: '--x\r\nbroken', headers: { 'content-type': 'multipart/form-data; boundary=x' } };
  }
  if (r.method === 'GET' || r.method === 'DELETE') return {};
  return { payload: '[1, "two"]', headers: { 'content-type': 'application/json' } };
}

/** OpenAPI `{id}` → Fastify `:id`, the key of `app.routeAuth`. */
const routeKey = (r: RouteInfo) => `${r.method} ${r.path.replace(/\{(\w+)\}/g, ':$1')}`;

let t: TestApp;
let routes: RouteInfo[];

beforeAll(async () => {
  t = await buildTestApp();
  routes = await listRoutes(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Calls every route with bad params, query and body; returns the routes that did not answer `status`. */
async function sweep(list: RouteInfo[], status: number, token?: string): Promise<string[]> {
  const wrong: string[] = [];
  for (const r of list) {
    const { payload, headers } = badBody(r);
    const res = await t.app.inject({
      method: r.method as 'GET',
      url: badUrl(r),
      ...(payload !== undefined ? { payload } : {}),
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (res.statusCode !== status) wrong.push(`${routeKey(r)} → ${res.statusCode}`);
  }
  return wrong;
}

describe('authentication comes before validation on every route', () => {
  it('declares a requirement for every documented route', () => {
    const undeclared = routes.filter((r) => !t.app.routeAuth.has(routeKey(r))).map(routeKey);
    expect(undeclared).toEqual([]);
  });

  it('answers 401 to an unauthenticated request with bad params, query and body', async () => {
    const guarded = routes.filter((r) => !['none', 'optional'].includes(t.app.routeAuth.get(routeKey(r)) ?? ''));
    expect(guarded.length).toBeGreaterThan(40);
    expect(await sweep(guarded, 401)).toEqual([]);
  });

  it('answers 403 to an unverified account on verified and staff routes, before validation', async () => {
    const { token } = await createUser(t.app, { type: 'Developer', verified: false });
    const forbidden = routes.filter((r) => ['verified', 'staff'].includes(t.app.routeAuth.get(routeKey(r)) ?? ''));
    expect(forbidden.length).toBeGreaterThan(20);
    expect(await sweep(forbidden, 403, token)).toEqual([]);
  });

  it('refuses to start a route under /api/v1 that does not say who may call it', async () => {
    const { buildApp } = await import('../../src/app');
    const app = await buildApp({ config: t.config, database: t.database, webDist: null, logger: false });
    await expect(
      app.register(async (scope) => {
        scope.get('/api/v1/undeclared', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/GET \/api\/v1\/undeclared: declare who may call it/);
    await app.close();
  });
});
