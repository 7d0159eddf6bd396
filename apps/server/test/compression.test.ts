import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from './factories/projects';
import { insertTasks } from './factories/tasks';
import { createUser } from './factories/users';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let token: string;
let projectId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createUser(t.app);
  token = owner.token;
  const project = await createProject(t.app, owner.user.id);
  projectId = project.id;
  await insertTasks(t.app, project, owner.user.id, 200);
});
afterAll(async () => t?.close());

const tasks = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/project/${projectId}/tasks`,
    headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed JSON answers', () => {
  it('sends a large JSON answer brotli-compressed to a browser that accepts it, the same JSON inside', async () => {
    const plain = await tasks();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await tasks('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('falls back to gzip', async () => {
    const gz = await tasks('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveLength(200);
  });

  it('leaves small answers as they are', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'accept-encoding': 'br' } });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toEqual({ status: 'ok' });
  });
});
