import type { FastifySchemaCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type Serializer = (data: unknown) => string;
type RouteSchema = Parameters<FastifySchemaCompiler<ZodType>>[0] & { schema: unknown };

/**
 * Response serializer compiled from each route's zod response schema (docs/performance.md).
 *
 * The schema is turned into JSON Schema once (`z.toJSONSchema`, as the OpenAPI document does) and
 * compiled with fast-json-stringify, Fastify's own serializer: it writes only the properties the
 * schema declares, so a stray column (a password hash, another user's e-mail) still never leaves
 * the server, without walking every field through zod on each answer. A schema JSON Schema cannot
 * express (a codec to bigint, a transform) keeps zod's encoder.
 *
 * `check: true` (tests, development) also encodes each answer with zod first and fails the request
 * when it does not match its schema or when the compiled output differs from `JSON.stringify` of
 * zod's, so every test request checks both the contract and the serializer; production skips it.
 */
export function createResponseSerializer(opts: { check: boolean }) {
  return (route: RouteSchema): Serializer => {
    const zodSerializer = () => zodSerializerCompiler(route as never) as Serializer;
    const schema = resolveSchema(route.schema);
    if (!schema) return zodSerializer();
    let stringify: Serializer;
    try {
      const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
      stringify = fastJson(nullableAsTypeList(jsonSchema) as Parameters<typeof fastJson>[0]) as Serializer;
    } catch {
      return zodSerializer();
    }
    if (!opts.check) return stringify;
    return (data) => {
      const result = safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
      const json = stringify(result.data);
      // The compiled serializer must write exactly what zod's encoder and JSON.stringify would.
      if (json !== JSON.stringify(result.data)) {
        throw new Error(`${route.method} ${route.url}: the compiled serializer wrote ${json.slice(0, 300)}`);
      }
      return json;
    };
  };
}

type JsonSchema = { [key: string]: unknown };
const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * zod writes `.nullable()` of an object or enum as `anyOf: [schema, { type: 'null' }]`, and
 * fast-json-stringify answers every anyOf by running an ajv validation of each option on each
 * value at run time (a task list validated every assignee and dispute object twice over: a sixth
 * of its CPU). The same thing as a type list, `{ ...schema, type: [type, 'null'] }`, is written by
 * a `=== null` / `typeof` test instead, with the same output: null as `null`, anything else by the
 * schema's own serializer (declared properties only, required ones checked). Only plain options
 * are merged: one typed schema without a combinator or `$ref` of its own, and `{ type: 'null' }`.
 */
export function nullableAsTypeList(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsTypeList);
  if (!isSchema(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    // `properties`, `definitions` and the like hold schemas by name; `enum`/`const` hold values.
    out[key] = key === 'enum' || key === 'const' || key === 'default' ? value : nullableAsTypeList(value);
  }
  const options = out.anyOf;
  if (!Array.isArray(options) || options.length !== 2 || Object.keys(out).length !== 1) return out;
  const nullIndex = options.findIndex((o) => isSchema(o) && o.type === 'null' && Object.keys(o).length === 1);
  const other = options[1 - nullIndex];
  if (nullIndex < 0 || !isSchema(other) || typeof other.type !== 'string' || other.type === 'null') return out;
  if ('anyOf' in other || 'oneOf' in other || 'allOf' in other || '$ref' in other || 'if' in other) return out;
  return { ...other, type: [other.type, 'null'] };
}

/** The zod schema of a response: given directly, or as `{ properties: schema }` (content types). */
function resolveSchema(maybe: unknown): ZodType | null {
  if (maybe instanceof $ZodType) return maybe as unknown as ZodType;
  const inner = (maybe as { properties?: unknown } | null)?.properties;
  return inner instanceof $ZodType ? (inner as unknown as ZodType) : null;
}
