import { MSG } from '@devmarket/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows';
import { createStaff, createUser } from '../factories/users';
import { buildTestApp, type TestApp } from '../helper';
import { fillPath, type JsonSchema, listRoutes, type RouteInfo } from './openapi-routes';

/**
 * DESIGN §9: text PostgreSQL cannot store (U+0000, a lone surrogate) is a 422 on its field in
 * every body and query and a 404 in a path, for a guest and a signed-in user, and changes nothing.
 */
let t: TestApp;
let actors: Record<string, string | undefined>;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '100000' });
  const client = await createUser(t.app, { type: 'Client' });
  const staff = await createStaff(t.app);
  actors = { guest: undefined, client: client.token, staff: staff.token };
}, 60_000);
afterAll(async () => t?.close());

/** Row count and a checksum of the contents of every table. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    t.app.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const sums: Record<string, string> = {};
  for (const { table_name } of tables) {
    if (table_name.startsWith('__')) continue;
    const [row] = await queryRows<{ c: number; sum: string | null }>(
      t.app.db,
      sql.raw(
        `select count(*)::int as c, md5(string_agg(x::text, ',' order by x::text)) as sum from "${table_name}" x`,
      ),
    );
    sums[table_name] = `${row.c}:${row.sum}`;
  }
  return sums;
}

/**
 * In JSON a lone surrogate is written as an escape. A URL can only carry its (invalid) UTF-8
 * bytes, which the query parser keeps as the literal text `%ED%A0%80` (storable, so not refused)
 * and the router cannot decode (a 404 like any other path naming nothing).
 */
const HOSTILE = [
  { name: 'NUL', json: 'a\u0000b', url: 'a%00b', urlRefused: true },
  { name: 'lone surrogate', json: 'a\ud800b', url: 'a%ED%A0%80b', urlRefused: false },
];

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const variants = (s: JsonSchema): JsonSchema[] => [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])];

type TextField = { field: string; value: (bad: string) => unknown; free: boolean };
type StringSchema = JsonSchema & { items?: JsonSchema; format?: string; pattern?: string };
/** Free text: a string without a format or pattern, whose own check is the text primitive's. */
const isFree = (all: StringSchema[]) =>
  all.every((v) => typesOf(v).every((t) => t === 'string') && !v.format && !v.pattern);
const takesText = (all: StringSchema[]) =>
  all.some((v) => typesOf(v).includes('string') && !v.enum && v.const === undefined);

/** Fields of a body schema that take text, with a value that puts `bad` there (arrays get `[bad]`). */
function textFields(schema: JsonSchema | undefined): TextField[] {
  const props = variants(schema ?? {}).find((v) => v.properties)?.properties ?? {};
  const out: TextField[] = [];
  for (const [field, prop] of Object.entries(props)) {
    const all = variants(prop) as StringSchema[];
    if (takesText(all)) {
      out.push({ field, value: (bad) => bad, free: isFree(all.filter((v) => typesOf(v).length)) });
    } else {
      const items = all.map((v) => v.items).find(Boolean);
      const itemVariants = items ? (variants(items) as StringSchema[]) : [];
      if (takesText(itemVariants)) out.push({ field: `${field}.0`, value: (bad) => [bad], free: isFree(itemVariants) });
    }
  }
  return out;
}

const pathParams = (route: RouteInfo) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

describe('text PostgreSQL cannot store, in every input of every route', () => {
  it('is refused: 422 on its field in bodies and queries, 404 in paths; no 5xx; no change', async () => {
    const routes = await listRoutes(t.app);
    expect(routes.length).toBeGreaterThan(40);
    const before = await snapshot();
    const failures: string[] = [];
    let sent = 0;
    const send = async (
      route: RouteInfo,
      url: string,
      token: string | undefined,
      body: unknown,
      expected: { field: string; free: boolean } | 404 | 'no 5xx',
    ) => {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      sent++;
      const where = `${route.method} ${url} ${body === undefined ? '' : JSON.stringify(body)} as ${token ? 'user' : 'guest'}`;
      if (res.statusCode >= 500) return failures.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      // The unsubscribe link answers an HTML page, not JSON.
      const parsed = (res.headers['content-type']?.toString().includes('json') ? res.json() : {}) as {
        errors?: Record<string, string>;
      };
      if (expected === 'no 5xx') return;
      // Someone who may not call the route is turned away before the input is read (staff and
      // signed-in users cover those routes).
      if (res.statusCode === 401 || res.statusCode === 403) return;
      if (expected === 404) {
        if (res.statusCode !== 404) failures.push(`${where} -> ${res.statusCode}, expected 404`);
      } else if (
        res.statusCode !== 422 ||
        !parsed.errors?.[expected.field] ||
        // Ids, dates and amounts fail their own format first; free text says why.
        (expected.free && parsed.errors[expected.field] !== MSG.invalidCharacters)
      ) {
        failures.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    };
    for (const route of routes) {
      for (const token of Object.values(actors)) {
        for (const bad of HOSTILE) {
          for (const { field, value, free } of textFields(route.bodySchema)) {
            const top = field.split('.')[0];
            await send(route, fillPath(route.path), token, { [top]: value(bad.json) }, { field, free });
          }
          // A storable token would open the never-ending event stream.
          if (!bad.urlRefused && route.path === '/api/v1/events') continue;
          for (const q of route.query) {
            const expected = bad.urlRefused ? { field: q, free: false } : 'no 5xx';
            await send(route, `${fillPath(route.path)}?${q}=${bad.url}`, token, undefined, expected);
          }
          for (const p of pathParams(route)) {
            await send(route, fillPath(route.path, { [p]: bad.url }), token, undefined, 404);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
    expect(await snapshot()).toEqual(before);
  }, 180_000);
});
