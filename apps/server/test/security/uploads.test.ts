import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../helper';
import { buildWorld, multipart, PNG, type World } from './fixtures';

/** Uploads with lying types and hostile names, and traversal through ids in paths. */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t.app);
}, 60_000);
afterAll(async () => t?.close());

/** Every file under a directory, as paths relative to it. */
function walk(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });
}

async function send(url: string, token: string, part: { payload: Buffer; contentType: string }) {
  return call(t.app, 'POST', url, { token, body: part.payload, headers: { 'content-type': part.contentType } });
}

const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120, 0)]);

describe('avatar upload', () => {
  it('refuses a Windows executable renamed .png, HTML and SVG, whatever the declared type', async () => {
    const token = w.users.client.token;
    for (const [name, type, data] of [
      ['photo.png', 'image/png', EXE],
      ['photo.jpg', 'image/jpeg', Buffer.from('<html><script>alert(1)</script></html>')],
      ['logo.png', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ] as const) {
      const r = await send('/user/image', token, multipart('image', name, type, data));
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(r.body.errors.image).toBeTruthy();
    }
    const me = await call(t.app, 'GET', '/user', { token });
    expect(me.body.image ?? null).toBeNull();
  });

  it('stores a real image under a generated name, whatever the client called it', async () => {
    const r = await send(
      '/user/image',
      w.users.client.token,
      multipart('image', '../../../evil.php', 'image/png', PNG),
    );
    expect(r.status).toBe(200);
    expect(r.body.image).toMatch(/^[a-f0-9-]{36}\.[a-z]+$/);
    expect(r.body.image).not.toContain('evil');
  });

  it('answers 404 to traversal through the image name', async () => {
    for (const file of ['..%2F..%2Fsecret', '..%2Fdevmarket.lock', '%2Fetc%2Fpasswd', '..', '.%00.png']) {
      const r = await call(t.app, 'GET', `/users/images/${file}`);
      expect(r.status, file).toBe(404);
    }
  });
});

describe('task file upload', () => {
  const hostile = [
    '../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '/etc/shadow',
    'nul\u0000byte.txt',
    'bell\u0007\u001b[31mred.txt',
    'rtl\u202egnp.exe',
    '....//....//x.txt',
  ];

  it('stores hostile names sanitized and writes nothing outside DATA_DIR/uploads', async () => {
    const before = walk(t.config.dataDir);
    const names: string[] = [];
    for (const name of hostile) {
      const r = await send(
        `/tasks/${w.task.id}/upload`,
        w.users.member.token,
        multipart('file', name, 'text/plain', Buffer.from(`content of ${name}`)),
      );
      expect(r.status, `${JSON.stringify(name)}: ${JSON.stringify(r.body)}`).toBe(200);
      names.push(r.body.name);
      // Downloads name the file as stored, as an attachment.
      const dl = await call(t.app, 'GET', `/tasks/${w.task.id}/files/${r.body.id}/download`, {
        token: w.users.member.token,
      });
      expect(dl.status).toBe(200);
      expect(dl.res.headers['content-disposition']).toMatch(/^attachment;/);
    }
    for (const name of names) {
      expect(name).not.toMatch(/[\\/]/);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters
      expect(name).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e]/);
      expect(name.startsWith('.')).toBe(false);
    }
    expect(names.slice(0, 3)).toEqual(['passwd', 'win.ini', 'shadow']);
    const added = walk(t.config.dataDir).filter((f) => !before.includes(f));
    expect(added.length).toBe(hostile.length);
    for (const f of added) expect(f.startsWith(`uploads${path.sep}`), f).toBe(true);
    // The stored object names are the server's own, never the client's.
    for (const f of added) expect(f).not.toMatch(/passwd|shadow|win\.ini/);
  });

  it('answers 404 to traversal and foreign ids on download and delete, and deletes nothing', async () => {
    const before = walk(t.config.dataDir);
    const token = w.users.member.token;
    const other = w.publicFile.id;
    for (const fileId of ['..%2F..%2F..%2Fetc%2Fpasswd', '..', '%2e%2e', 'x%00y', other]) {
      const dl = await call(t.app, 'GET', `/tasks/${w.task.id}/files/${fileId}/download`, { token });
      expect(dl.status, `download ${fileId}`).toBe(404);
      const del = await call(t.app, 'DELETE', `/tasks/${w.task.id}/files/${fileId}`, { token });
      expect(del.status, `delete ${fileId}`).toBe(404);
    }
    expect(walk(t.config.dataDir)).toEqual(before);
  });
});
