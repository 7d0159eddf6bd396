import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeFileName, sanitizeMime } from '../../../src/modules/files/file-names';
import { addMember, createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';

let t: TestApp;
type U = Awaited<ReturnType<typeof createUser>>;
let owner: U;
let member: U;
let outsider: U;
let taskId: string;
let privateTaskId: string;

beforeAll(async () => {
  // A 1 KB limit keeps the over-limit test fast.
  t = await buildTestApp({ UPLOAD_LIMIT_MB: String(1 / 1024) });
  owner = await createUser(t.app);
  member = await createUser(t.app, { type: 'Developer' });
  outsider = await createUser(t.app, { type: 'Developer' });
  const project = await createProject(t.app, owner.user.id);
  const privateProject = await createProject(t.app, owner.user.id, { visibility: 'Private' });
  await addMember(t.app, project.id, member.user.id);
  taskId = (await call(t.app, 'POST', '/tasks', { token: owner.token, body: { projectID: project.id, summary: 'F' } }))
    .body.id;
  privateTaskId = (
    await call(t.app, 'POST', '/tasks', { token: owner.token, body: { projectID: privateProject.id, summary: 'P' } })
  ).body.id;
});
afterAll(async () => t?.close());

function multipart(name: string, content: Buffer | string, type = 'text/plain') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, id: string, name: string, content: Buffer | string, type?: string) {
  const { payload, headers } = multipart(name, content, type);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/tasks/${id}/upload`,
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const uploadsDir = () => path.join(t.config.dataDir, 'uploads', 'tasks', taskId);
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

describe('task files', () => {
  it('a member uploads; the file shows on the task; download returns the bytes as an attachment', async () => {
    const up = await upload(member.token, taskId, 'notes ünï.txt', 'hello file', 'text/plain');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ name: 'notes ünï.txt', size: 10, mime: 'text/plain' });
    const task = await call(t.app, 'GET', `/tasks/${taskId}`, { token: owner.token });
    expect(task.body.Files.map((f: { id: string }) => f.id)).toContain(up.body.id);
    // The web app opens a new window with the token in the address.
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks/${taskId}/files/${up.body.id}/download?token=${owner.token}`,
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('hello file');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="notes _n_.txt"; filename*=UTF-8''notes%20%C3%BCn%C3%AF.txt`,
    );
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
  });

  it('strips directories and control characters from names', async () => {
    const up = await upload(owner.token, taskId, '../../etc/pa\u0001sswd', 'x', 'bogus type');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ name: 'passwd', mime: 'application/octet-stream' });
    expect(sanitizeFileName('..\\..\\win.ini')).toBe('win.ini');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName(`${'a'.repeat(300)}.pdf`)).toMatch(/^a{196}\.pdf$/);
    expect(sanitizeMime('Image/PNG; charset=x')).toBe('image/png');
  });

  it('refuses a file over the limit with 413 and leaves nothing on disk', async () => {
    const before = storedFiles();
    const up = await upload(owner.token, taskId, 'big.bin', Buffer.alloc(4096, 1), 'application/octet-stream');
    expect(up.status).toBe(413);
    expect(up.body.msg).toBe('File is larger than 1024 bytes');
    expect(storedFiles()).toEqual(before);
    const task = await call(t.app, 'GET', `/tasks/${taskId}`, { token: owner.token });
    expect(task.body.Files.map((f: { name: string }) => f.name)).not.toContain('big.bin');
  });

  it('answers 422 without a file or with an empty one', async () => {
    const r = await call(t.app, 'POST', `/tasks/${taskId}/upload`, { token: owner.token, body: {} });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ file: 'Choose a file to upload' });
    const empty = await upload(owner.token, taskId, 'empty.txt', '');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ file: 'The file is empty' });
  });

  it('outsiders: see names of a public task but cannot upload, download or delete (403); private is 404', async () => {
    const up = await upload(owner.token, taskId, 'secret.txt', 'top secret');
    const task = await call(t.app, 'GET', `/tasks/${taskId}`, { token: outsider.token });
    expect(task.status).toBe(200);
    expect(task.body.Files.map((f: { name: string }) => f.name)).toContain('secret.txt');
    expect((await upload(outsider.token, taskId, 'x.txt', 'x')).status).toBe(403);
    const dl = await call(t.app, 'GET', `/tasks/${taskId}/files/${up.body.id}/download?token=${outsider.token}`);
    expect(dl.status).toBe(403);
    expect((await call(t.app, 'GET', `/tasks/${taskId}/files/${up.body.id}/download`)).status).toBe(401);
    expect(
      (await call(t.app, 'DELETE', `/tasks/${taskId}/files/${up.body.id}`, { token: outsider.token })).status,
    ).toBe(403);
    expect((await upload(outsider.token, privateTaskId, 'x.txt', 'x')).status).toBe(404);
    expect(
      (await call(t.app, 'GET', `/tasks/${privateTaskId}/files/${up.body.id}/download`, { token: outsider.token }))
        .status,
    ).toBe(404);
  });

  it('a member deletes a file: row and bytes go; a file of another task is 404', async () => {
    const up = await upload(member.token, taskId, 'gone.txt', 'bye');
    expect(storedFiles()).toContain(up.body.id);
    expect(
      (await call(t.app, 'DELETE', `/tasks/${privateTaskId}/files/${up.body.id}`, { token: owner.token })).status,
    ).toBe(404);
    const del = await call(t.app, 'DELETE', `/tasks/${taskId}/files/${up.body.id}`, { token: member.token });
    expect(del.status).toBe(200);
    expect(storedFiles()).not.toContain(up.body.id);
    const dl = await call(t.app, 'GET', `/tasks/${taskId}/files/${up.body.id}/download`, { token: member.token });
    expect(dl.status).toBe(404);
  });
});
