import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../helper';
import { buildWorld, multipart, PNG, type World } from './fixtures';

/** DESIGN §9: a malformed multipart body is a 400 with a clear message, never a 500. */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t.app);
}, 60_000);
afterAll(async () => t?.close());

function malformed(field: string, filename: string, data: Buffer) {
  const good = multipart(field, filename, 'image/png', data);
  const boundary = good.contentType.split('boundary=')[1];
  return {
    noBoundary: { payload: good.payload, contentType: 'multipart/form-data' },
    // The body stops after the file's bytes: no closing `--boundary--`.
    noClosingBoundary: {
      payload: good.payload.subarray(0, good.payload.length - `\r\n--${boundary}--\r\n`.length),
      contentType: good.contentType,
    },
  };
}

describe('malformed multipart bodies', () => {
  for (const [route, field] of [
    ['task upload', 'file'],
    ['avatar', 'image'],
  ] as const) {
    for (const kind of ['noBoundary', 'noClosingBoundary'] as const) {
      it(`${route}: ${kind} is a 400 with a message and stores nothing`, async () => {
        const url = route === 'avatar' ? '/user/image' : `/tasks/${w.task.id}/upload`;
        const before = await call(t.app, 'GET', `/tasks/${w.task.id}`, { token: w.users.owner.token });
        const body = malformed(field, 'pic.png', PNG)[kind];
        const r = await call(t.app, 'POST', url, {
          token: w.users.owner.token,
          body: body.payload,
          headers: { 'content-type': body.contentType },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(r.body.msg).toMatch(/multipart/i);
        const after = await call(t.app, 'GET', `/tasks/${w.task.id}`, { token: w.users.owner.token });
        expect(Array.isArray(before.body.Files)).toBe(true);
        expect(after.body.Files.length).toBe(before.body.Files.length);
      });
    }
  }
});
