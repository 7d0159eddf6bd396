import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../helper';
import { multipart, PNG } from '../security/fixtures';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/**
 * DESIGN §9: SIGTERM drains. A request in flight when the signal arrives completes with its
 * normal answer, open event streams are closed, then the process exits 0. The server runs as
 * its own process (PGlite, or a cloned PostgreSQL database in the postgres project).
 */
const dataDir = path.join(tmpdir(), `devmarket-stop-${randomBytes(4).toString('hex')}`);
let server: ServerProcess;

let dropDatabase = async () => {};

beforeAll(async () => {
  // On the postgres project a cloned database starts faster than a fresh PGlite directory.
  const pgDb = process.env.TEST_DB === 'postgres' ? await createPgDatabase() : null;
  if (pgDb) dropDatabase = pgDb.drop;
  server = await startServerProcess({
    DATA_DIR: dataDir,
    SECRET: 'graceful-stop-secret-0123',
    LOG_LEVEL: 'warn',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGTERM', () => {
  it('lets the request in flight finish, closes event streams, then exits 0', async () => {
    const signUp = await fetch(`${server.url}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stop@example.com', password: 'long-enough-pw', firstName: 'Stop', tos: true }),
    });
    expect(signUp.status).toBe(200);
    const { accessToken } = (await signUp.json()) as { accessToken: string };

    // An event stream, authenticated by its cookie as the web app's.
    const stream = await fetch(`${server.url}/api/v1/events`, { headers: { cookie: `AccessToken=${accessToken}` } });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected');

    // An avatar upload whose body is still arriving when the signal comes.
    const body = multipart('image', 'me.png', 'image/png', PNG);
    const half = Math.floor(body.payload.length / 2);
    const { port } = new URL(server.url);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/user/image',
          headers: {
            'content-type': body.contentType,
            'content-length': String(body.payload.length),
            authorization: `Bearer ${accessToken}`,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.payload.subarray(0, half));
      (async () => {
        await sleep(300);
        server.child.kill('SIGTERM');
        await sleep(500);
        // Still running: it waits for the request in flight.
        expect(server.alive()).toBe(true);
        req.end(body.payload.subarray(half));
      })().catch(reject);
    });

    const res = await answer;
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).image).toMatch(/^[a-f0-9-]{36}\.[a-z]+$/);

    // The event stream was ended by the server, not left hanging.
    let ended = false;
    for (let i = 0; i < 10 && !ended; i++) ended = (await reader.read()).done;
    expect(ended).toBe(true);

    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.url}/api/v1/health`)).rejects.toThrow();
  }, 30_000);
});
