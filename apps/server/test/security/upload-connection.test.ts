import { once } from 'node:events';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/client';
import { logMail } from '../../src/modules/mail/mail.service';
import { createUser } from '../factories/users';
import { tmpdir } from 'node:os';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { buildTestApp, openTestDatabase, type TestApp } from '../helper';

/**
 * DESIGN §14: an upload under another field name, or cut short, is 400 and its connection is
 * closed, never left hanging while a large body crawls in (issue 27: 27 MB took 20 s).
 */
let t: TestApp;
let port: number;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  token = (await createUser(t.app)).token;
}, 60_000);
afterAll(async () => t?.close());

/**
 * Sends the head of a 27 MB multipart upload and a first chunk, then nothing more: answers the
 * response text and whether the server closed the socket, within `ms`.
 */
async function partialUpload(path: string, field: string, ms = 5_000) {
  const boundary = 'XBOUNDARYX';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const total = 27 * 1024 * 1024;
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.on('error', () => {});
  let response = '';
  socket.on('data', (d) => {
    response += d.toString();
  });
  const closed = new Promise<boolean>((resolve) => {
    socket.once('close', () => resolve(true));
    setTimeout(() => resolve(false), ms);
  });
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${total}\r\n\r\n${head}`,
  );
  socket.write(Buffer.alloc(64 * 1024, 1));
  const started = Date.now();
  const didClose = await closed;
  socket.destroy();
  return { response, closed: didClose, ms: Date.now() - started };
}

describe('uploads that go wrong answer at once and close', () => {
  it('POST /user/image with the field "file" instead of "image": 400 at once, the socket is closed', async () => {
    const r = await partialUpload('/api/v1/user/image', 'file');
    expect(r.response).toMatch(/^HTTP\/1\.1 400/);
    expect(r.response.toLowerCase()).toContain('connection: close');
    expect(r.response).toContain('Choose an image to upload');
    expect(r.closed).toBe(true);
    expect(r.ms).toBeLessThan(3_000);
  });

  it('a task upload with another field name: 400 (or 404 before reading for a task that is not there), closed', async () => {
    const r = await partialUpload('/api/v1/tasks/00000000-0000-4000-8000-000000000000/upload', 'image');
    expect(r.response).toMatch(/^HTTP\/1\.1 (400|404)/);
    expect(r.closed).toBe(true);
  });

  it('a body cut short (the client ends early) is a 400, not a 500, and closes', async () => {
    const boundary = 'B';
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let response = '';
    socket.on('data', (d) => {
      response += d.toString();
    });
    socket.on('error', () => {});
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;
    socket.write(
      `POST /api/v1/user/image HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    );
    const closed = await Promise.race([
      once(socket, 'close').then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 5_000)),
    ]);
    socket.destroy();
    expect(response).toMatch(/^HTTP\/1\.1 400/);
    expect(closed).toBe(true);
  });
});

describe('a database that refuses connections is unavailable (503), never 500', () => {
  it('55000, 57P01–57P03 and the 08 family count as unavailable; a syntax error does not', () => {
    for (const code of ['55000', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001'])
      expect(isDatabaseUnavailable({ code }), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: '55000' } }))).toBe(true);
    for (const code of ['42601', '23505', '57014']) expect(isDatabaseUnavailable({ code }), code).toBe(false);
  });

  it('a route whose query fails with 55000 answers 503 with Retry-After', async () => {
    const { database, drop } = await openTestDatabase();
    const config = loadConfig({ DATA_DIR: tmpdir(), SECRET: 'test-secret-test-secret', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, webDist: null, logger: false });
    app.get('/api/v1/__refused', { config: { auth: 'none' } }, async () => {
      throw new Error('query failed', { cause: Object.assign(new Error('cannot connect now'), { code: '55000' }) });
    });
    try {
      await app.ready();
      const r = await app.inject({ method: 'GET', url: '/api/v1/__refused' });
      expect(r.statusCode).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});

describe('mail bodies reach the log only outside production', () => {
  const mail = { to: 'a@example.com', subject: 'Reset', text: 'https://x/reset?token=SECRET123', html: '' };
  const capture = () => {
    const lines: unknown[] = [];
    return { lines, log: { info: (obj: unknown) => lines.push(obj) } as never };
  };
  it('development: the body is logged (a newcomer reads the code)', () => {
    const c = capture();
    const prev = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      logMail(c.log, mail);
    } finally {
      process.env.NODE_ENV = prev;
    }
    expect(JSON.stringify(c.lines)).toContain('SECRET123');
  });
  it('NODE_ENV=production: to and subject only', () => {
    const c = capture();
    const prev = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      logMail(c.log, mail);
    } finally {
      process.env.NODE_ENV = prev;
    }
    expect(JSON.stringify(c.lines)).not.toContain('SECRET123');
    expect(JSON.stringify(c.lines)).toContain('a@example.com');
  });
});
