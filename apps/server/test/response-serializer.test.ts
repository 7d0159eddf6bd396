import { messageSchema, taskListSchema } from '@devmarket/contract';
import Fastify from 'fastify';
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializer, nullableAsTypeList } from '../src/lib/response-serializer';

const person = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() });
const answer = z.object({
  people: z.array(person),
  owner: person.nullable(),
  stage: z.enum(['ToDo', 'Done']),
  count: z.number().int(),
  price: z.string().nullable().optional(),
  labels: z.record(z.string(), z.string()),
  either: z.union([
    z.object({ kind: z.literal('a'), a: z.number() }),
    z.object({ kind: z.literal('b'), b: z.string() }),
  ]),
});

const sample = {
  people: [
    { id: '1', name: 'Ada "the first" Lovelace\n', image: null, passwordHash: 'secret-hash' },
    { id: '2', name: 'Grace ☃', image: '/u/2.png', email: 'grace@example.com' },
  ],
  owner: null,
  stage: 'ToDo',
  count: 3,
  labels: { x: 'y' },
  either: { kind: 'b', b: 'text' },
  token: 'never-sent',
};

async function serve(check: boolean, data: unknown, schema: z.ZodType = answer) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ check }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => data as never);
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

describe('compiled response serializer', () => {
  it.each([true, false])('writes what zod would, without undeclared properties (check %s)', async (check) => {
    const res = await serve(check, sample);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(z.encode(answer, sample as z.infer<typeof answer>)));
    expect(res.body).not.toMatch(/secret-hash|grace@example.com|never-sent/);
  });

  it('with the check on, an answer that breaks its schema is a server error, not a silent send', async () => {
    const res = await serve(true, { ...sample, count: 'three' });
    expect(res.statusCode).toBe(500);
  });

  it('keeps zod for a schema JSON Schema cannot express (a codec to bigint)', async () => {
    const micro = z.codec(z.string(), z.bigint(), { decode: (s) => BigInt(s), encode: (b) => b.toString() });
    const res = await serve(false, { amount: 1_500_000n }, z.object({ amount: micro }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"amount":"1500000"}');
  });

  it('writes the contract schemas of the hot lists byte for byte as zod does', async () => {
    const task = {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      identifier: 'ABC-1',
      projectID: 'a1b2c3d4-0000-4000-8000-000000000002',
      summary: 'Do it',
      assigneeID: null,
      price: '30.00',
      dueDate: null,
      stage: 'ToDo',
      position: 'a0',
      Assignee: null,
      reviewDeadline: null,
      dispute: {
        id: 'a1b2c3d4-0000-4000-8000-000000000006',
        openedBy: 'a1b2c3d4-0000-4000-8000-000000000005',
        reason: 'Late',
        status: 'Resolved',
        outcome: 'split',
        amount: '25',
        createdAt: '2026-11-22T18:00:00.000Z',
        resolvedAt: '2026-11-23T18:00:00.000Z',
      },
    };
    const message = {
      id: 'a1b2c3d4-0000-4000-8000-000000000003',
      threadID: 'a1b2c3d4-0000-4000-8000-000000000004',
      userID: 'a1b2c3d4-0000-4000-8000-000000000005',
      text: 'Hello',
      type: 'text',
      projectID: null,
      projectHandle: null,
      projectName: null,
      createdAt: '2026-11-22T18:00:00.000Z',
    };
    for (const [schema, data] of [
      [taskListSchema, [task]],
      [z.array(messageSchema), [message]],
    ] as const) {
      const zodRes = await serve(true, data, schema);
      const compiled = await serve(false, data, schema);
      expect(zodRes.statusCode).toBe(200);
      expect(compiled.body).toBe(zodRes.body);
    }
  });

  it('writes a nullable object or enum as a type list, not an anyOf validated at run time', () => {
    const json = z.toJSONSchema(z.object({ owner: person.nullable(), outcome: z.enum(['a', 'b']).nullable() }), {
      target: 'draft-7',
      io: 'output',
    }) as { properties: Record<string, unknown> };
    expect(json.properties.owner).toHaveProperty('anyOf');
    const rewritten = nullableAsTypeList(json) as { properties: Record<string, { type: unknown; anyOf?: unknown }> };
    expect(rewritten.properties.owner.type).toEqual(['object', 'null']);
    expect(rewritten.properties.owner.anyOf).toBeUndefined();
    expect(rewritten.properties.outcome).toEqual({ type: ['string', 'null'], enum: ['a', 'b'] });
    // A real union keeps its anyOf.
    const union = z.toJSONSchema(answer.shape.either, { target: 'draft-7', io: 'output' });
    expect(nullableAsTypeList(union)).toEqual(union);
  });

  it('writes nullable objects, null or not, exactly as zod does', async () => {
    const schema = z.object({ owner: person.nullable(), outcome: z.enum(['a', 'b']).nullable() });
    for (const data of [
      { owner: null, outcome: null },
      { owner: { id: '1', name: 'Ada', image: null, extra: 'x' }, outcome: 'b' },
    ]) {
      const zodRes = await serve(true, data, schema);
      const compiled = await serve(false, data, schema);
      expect(zodRes.statusCode).toBe(200);
      expect(compiled.body).toBe(zodRes.body);
    }
  });
});
