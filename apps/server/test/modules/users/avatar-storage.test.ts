import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageFor } from '../../../src/lib/storage';
import { createUser } from '../../factories/users';
import { buildTestApp, type TestApp } from '../../helper';
import { multipart } from '../../security/fixtures';

/**
 * Avatars go through the file storage interface (files/storage.ts), not the disk directly, so
 * instances that share a store (not a disk) all serve them (issue 14).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function upload(token: string, png: Buffer) {
  const body = multipart('image', 'me.png', 'image/png', png);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/image',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { imageURL: string }).imageURL;
}

describe('avatars in the file storage', () => {
  it('stores the avatar under avatars/<key>, serves it from there, and removes the replaced one', async () => {
    const { token } = await createUser(t.app);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const url = await upload(token, png);
    const key = url.split('/').pop() as string;
    const storage = storageFor(t.config);
    const stored = await storage.get(`avatars/${key}`);
    expect(stored?.size).toBeGreaterThan(0);
    stored?.stream.destroy();

    // Served from the store: gone from the store, gone from the API.
    await storage.delete(`avatars/${key}`);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const second = await upload(token, png);
    const secondKey = second.split('/').pop() as string;
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    await upload(token, png);
    expect(await storage.get(`avatars/${secondKey}`)).toBeNull();
  });

  it('answers 404 for a name that is not an avatar key, without touching the store', async () => {
    for (const file of ['../../secret.webp', 'x.webp', `${'a'.repeat(36)}.png`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/images/${encodeURIComponent(file)}` });
      expect(res.statusCode).toBe(404);
    }
  });
});
