import swagger from '@fastify/swagger';
import { endpoints, nonJsonRoutes } from '@devmarket/contract/endpoints';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

/**
 * The contract's endpoint table (packages/contract/src/endpoints.ts), which types the web app's
 * client, against the routes the server really registers: the same routes, and for each the same
 * query, body and answer. Both sides are compared as OpenAPI: the server's own document, and the
 * document of a bare app that declares the table's schemas through the same transform.
 */
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

const PREFIX = '/api/v1';
/** `'GET /api/v1/tasks/{id}'` → `'GET /tasks/:id'`, the table's key. */
const keyOf = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.slice(PREFIX.length).replace(/\{(\w+)\}/g, ':$1')}`;

function operations(doc: Doc): Map<string, Operation> {
  const ops = new Map<string, Operation>();
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) ops.set(keyOf(method, path), op);
  }
  return ops;
}

/** What the table fixes of an operation: query parameters, JSON body, the answer's schema. */
function shape(op: Operation | undefined, status: number) {
  return {
    query: (op?.parameters ?? []).filter((p) => p.in === 'query'),
    body: op?.requestBody?.content?.['application/json']?.schema,
    multipart: Boolean(op?.requestBody?.content?.['multipart/form-data']),
    answer: op?.responses?.[String(status)]?.content?.['application/json']?.schema,
  };
}

/** A bare app whose routes declare exactly the table's schemas, and its OpenAPI document. */
async function tableDocument(): Promise<Doc> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { openapi: '3.0.3', info: { title: 'table', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(
    async (scope) => {
      for (const [key, e] of Object.entries(endpoints)) {
        const [method, url] = key.split(' ');
        const schema: Record<string, unknown> = { response: { [('status' in e && e.status) || 200]: e.answer } };
        if ('query' in e) schema.querystring = e.query;
        if ('body' in e) schema.body = e.body;
        if ('multipart' in e) schema.consumes = ['multipart/form-data'];
        scope.route({ method, url, schema, handler: async () => null });
      }
    },
    { prefix: PREFIX },
  );
  await app.ready();
  const doc = app.swagger() as unknown as Doc;
  await app.close();
  return doc;
}

let t: TestApp;
let server: Map<string, Operation>;
let table: Map<string, Operation>;

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: `${PREFIX}/openapi.json` });
  server = operations(res.json() as Doc);
  table = operations(await tableDocument());
});
afterAll(async () => {
  await t.close();
});

describe('the contract endpoint table matches the server', () => {
  it('names every route of the server once: in the table or as a non-JSON route', () => {
    const listed = [...Object.keys(endpoints), ...Object.keys(nonJsonRoutes)].sort();
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toEqual([...server.keys()].sort());
    expect(Object.keys(endpoints).length).toBeGreaterThan(90);
  });

  it('declares the query, body and answer each route declares', () => {
    const differ: string[] = [];
    for (const [key, e] of Object.entries(endpoints)) {
      const status = ('status' in e && e.status) || 200;
      const mine = shape(table.get(key), status);
      const theirs = shape(server.get(key), status);
      if (!theirs.answer && !server.get(key)?.responses?.[String(status)]) differ.push(`${key}: no ${status} answer`);
      for (const part of ['query', 'body', 'multipart', 'answer'] as const) {
        if (JSON.stringify(mine[part]) !== JSON.stringify(theirs[part])) differ.push(`${key}: ${part}`);
      }
    }
    expect(differ).toEqual([]);
  });
});
