import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageCommands } from '../../../src/cli/storage-commands';
import { ConfigError, loadConfig } from '../../../src/config';
import type { Database } from '../../../src/db/client';
import { checkStorage } from '../../../src/lib/storage';
import { addMember, createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { multipart } from '../../security/fixtures';
import { startS3 } from '../../support/s3-server';

/**
 * DESIGN §18: with S3_BUCKET set, task files and avatars live in an S3-compatible bucket (a real
 * s3rver started here), nothing under DATA_DIR/uploads, and both download through the product.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3();
  t = await buildTestApp(s3.env);
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function keysInBucket(prefix = '') {
  const out = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key as string);
}

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');

describe('files in S3', () => {
  it('a task file lands in the bucket, downloads through the API, and its delete removes the object', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app, { type: 'Developer' });
    const project = await createProject(t.app, owner.user.id);
    await addMember(t.app, project.id, member.user.id);
    const task = await call(t.app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: project.id, summary: 'S3' },
    });
    // 6 MB: more than one part of the streamed multipart upload.
    const content = Buffer.alloc(6 * 1024 * 1024, 7);
    const body = multipart('file', 'big.bin', 'application/octet-stream', content);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tasks/${task.body.id}/upload`,
      headers: { authorization: `Bearer ${member.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const fileId = up.json().id as string;
    expect(await keysInBucket(`tasks/${task.body.id}/`)).toEqual([`tasks/${task.body.id}/${fileId}`]);
    expect(existsSync(uploadsDir()) ? readdirSync(uploadsDir(), { recursive: true }) : []).toEqual([]);

    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks/${task.body.id}/files/${fileId}/download`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(content)).toBe(true);

    const del = await call(t.app, 'DELETE', `/tasks/${task.body.id}/files/${fileId}`, { token: member.token });
    expect(del.status).toBeLessThan(300);
    expect(await keysInBucket(`tasks/${task.body.id}/`)).toEqual([]);
  });

  it('an avatar lands in the bucket and is served from it', async () => {
    const { token } = await createUser(t.app);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#345678' } })
      .png()
      .toBuffer();
    const body = multipart('image', 'me.png', 'image/png', png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/image',
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().imageURL as string;
    const key = `avatars/${url.split('/').pop()}`;
    expect(await keysInBucket('avatars/')).toContain(key);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const stored = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(served.rawPayload)).toBe(true);
    expect(existsSync(uploadsDir()) ? readdirSync(uploadsDir(), { recursive: true }) : []).toEqual([]);
  });

  it('storage-migrate copies a disk store into the bucket, and a second run copies nothing again', async () => {
    const dataDir = path.join(tmpdir(), `s3-migrate-${randomUUID()}`);
    const taskKey = `tasks/${randomUUID()}/${randomUUID()}`;
    const avatarKey = `avatars/${randomUUID()}.webp`;
    for (const [key, text] of [
      [taskKey, 'a task file'],
      [avatarKey, 'an avatar'],
    ] as const) {
      const file = path.join(dataDir, 'uploads', ...key.split('/'));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    const config = loadConfig({ DATA_DIR: dataDir, SECRET: 'test-secret-test-secret', ...s3.env });
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      const run = () =>
        storageCommands['storage-migrate']!.run({ database: undefined as unknown as Database, config, args: {} });
      await run();
      await run();
    } finally {
      console.log = log;
    }
    expect(lines).toEqual([
      `storage-migrate: 2 copied, 0 already in s3://${s3.bucket}`,
      `storage-migrate: 0 copied, 2 already in s3://${s3.bucket}`,
    ]);
    const got = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: taskKey }));
    expect(await got.Body!.transformToString()).toBe('a task file');
  });

  it('is validated at start: a bucket that does not exist stops the start, half a setting is a ConfigError', async () => {
    const missing = loadConfig({
      DATA_DIR: tmpdir(),
      SECRET: 'test-secret-test-secret',
      ...s3.env,
      S3_BUCKET: 'no-such-bucket',
    });
    await expect(checkStorage(missing)).rejects.toThrow();
    await expect(
      checkStorage(loadConfig({ DATA_DIR: tmpdir(), SECRET: 'test-secret-test-secret', ...s3.env })),
    ).resolves.toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tmpdir(), S3_ENDPOINT: 'http://127.0.0.1:1' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmpdir(), S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'x' })).toThrow(/go together/);
  });
});
