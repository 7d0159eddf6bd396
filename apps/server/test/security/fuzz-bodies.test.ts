import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows';
import { createUser } from '../factories/users';
import { buildTestApp, type TestApp } from '../helper';
import { fillPath, type JsonSchema, listRoutes } from './openapi-routes';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '100000' });
  ({ token } = await createUser(t.app, { type: 'Client' }));
});
afterAll(async () => t?.close());

/** Row counts of every table: bad input must change none of them. */
async function snapshot(): Promise<Record<string, number>> {
  const tables = await queryRows<{ table_name: string }>(
    t.app.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    if (table_name.startsWith('__')) continue;
    const [row] = await queryRows<{ c: number }>(t.app.db, sql.raw(`select count(*)::int as c from "${table_name}"`));
    counts[table_name] = row.c;
  }
  return counts;
}

const typeOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A value of a JSON type other than every type the schema allows. */
function wrongValue(s: JsonSchema): fc.Arbitrary<unknown> | null {
  const allowed = new Set([...typeOf(s), ...(s.anyOf ?? s.oneOf ?? []).flatMap(typeOf)]);
  if (allowed.size === 0 && !s.enum) return null;
  const options: fc.Arbitrary<unknown>[] = [];
  if (!allowed.has('string')) options.push(fc.string({ maxLength: 20 }));
  if (!allowed.has('number') && !allowed.has('integer') && !allowed.has('string'))
    options.push(fc.double({ noNaN: true }));
  if (!allowed.has('boolean')) options.push(fc.boolean());
  if (!allowed.has('object')) options.push(fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }));
  if (!allowed.has('array')) options.push(fc.array(fc.integer(), { maxLength: 3 }));
  if (s.enum) options.push(fc.constant('__not_in_enum__'));
  return options.length ? fc.oneof(...options) : null;
}

/** Bodies that break the schema by construction: not an object, or a required field of the wrong type. */
function invalidBodies(schema: JsonSchema): fc.Arbitrary<unknown> {
  const notObject = fc.oneof(fc.integer(), fc.string(), fc.array(fc.jsonValue(), { maxLength: 3 }), fc.boolean());
  const required = (schema.required ?? []).filter((k) => schema.properties?.[k]);
  const wrongField = required
    .map((key) => {
      const wrong = wrongValue(schema.properties![key]);
      return wrong ? wrong.map((v) => ({ [key]: v })) : null;
    })
    .filter((a): a is fc.Arbitrary<{ [x: string]: unknown }> => a !== null);
  return wrongField.length ? fc.oneof(notObject, ...wrongField) : notObject;
}

describe('fuzzing every route that takes a JSON body', () => {
  it('answers generated invalid bodies with 4xx and changes no data', { timeout: 240_000 }, async () => {
    const routes = (await listRoutes(t.app)).filter((r) => r.bodySchema);
    expect(routes.length).toBeGreaterThan(0);
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(invalidBodies(route.bodySchema!), fc.boolean(), async (body, withToken) => {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: fillPath(route.path),
            headers: { 'content-type': 'application/json', ...(withToken ? { authorization: `Bearer ${token}` } : {}) },
            payload: JSON.stringify(body),
          });
          if (res.statusCode >= 500 || res.statusCode < 400) {
            failures.push(
              `${route.method} ${route.path} ${JSON.stringify(body)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          }
          const parsed = res.json();
          expect(typeof parsed.msg).toBe('string');
          expect(typeof parsed.error).toBe('string');
        }),
        { numRuns: 15, seed: 42 },
      );
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('fuzzing every query string', () => {
  it('answers generated hostile query values without a 5xx and changes no data', { timeout: 60_000 }, async () => {
    // The event stream never ends (its token query is covered by the realtime tests).
    const routes = (await listRoutes(t.app)).filter(
      (r) => r.method === 'GET' && r.query.length > 0 && r.path !== '/api/v1/events',
    );
    expect(routes.length).toBeGreaterThan(0);
    const before = await snapshot();
    const failures: string[] = [];
    const hostile = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('-1', '0', '1e309', 'NaN', '99999999999999999999', "' or 1=1 --", '%00', 'a'.repeat(5000)),
      fc.integer().map(String),
    );
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...route.query), hostile, { minKeys: 1 }), async (query) => {
          const qs = Object.entries(query)
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
            .join('&');
          const res = await t.app.inject({
            method: 'GET',
            url: `${fillPath(route.path)}?${qs}`,
            headers: { authorization: `Bearer ${token}` },
          });
          if (res.statusCode >= 500) failures.push(`${route.path}?${qs.slice(0, 100)} -> ${res.statusCode}`);
          if (res.statusCode >= 400) expect(typeof res.json().msg).toBe('string');
        }),
        { numRuns: 20, seed: 7 },
      );
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
