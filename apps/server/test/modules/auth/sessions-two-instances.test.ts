import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../helper';
import { type ServerProcess, startServerProcess } from '../../support/server-process';

/**
 * DESIGN §14: a revoked session's token is refused (401) at once on every instance. Two server
 * processes (as `npm start` runs them) on one PostgreSQL database: a session is signed out
 * through instance A and its very next request to instance B is a 401 (each request looks its
 * session up in the database; nothing is cached in memory). PostgreSQL project only.
 */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('a revoked session on two instances (needs TEST_DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    db = await createPgDatabase();
    const env = (n: string) => ({
      DATABASE_URL: db.url,
      DATA_DIR: path.join(tmpdir(), `devmarket-two-${n}-${randomBytes(4).toString('hex')}`),
      SECRET: 'two-instances-secret-0123456789',
      LOG_LEVEL: 'warn',
      AUTH_IP_LIMIT_PER_MINUTE: '10000',
    });
    servers.push(await startServerProcess(env('a')));
    servers.push(await startServerProcess(env('b')));
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await db?.drop();
  });

  const api = async (base: string, method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };

  it('signed out on A, refused on B at once; revoke-others on B, refused on A at once', async () => {
    const [a, b] = servers.map((s) => s.url);
    const email = `two-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'a-long-enough-secret';
    const signUp = await api(a, 'POST', '/auth/sign-up', undefined, { email, password, firstName: 'Tia', tos: true });
    expect(signUp.status).toBe(200);
    const keep = signUp.body.accessToken as string;
    const login = async (base: string) =>
      (await api(base, 'POST', '/auth/login', undefined, { email, password })).body.accessToken as string;
    const victim = await login(b);
    // Both instances know the session (and B has just used it: no cache can be cold).
    expect((await api(a, 'GET', '/user', victim)).status).toBe(200);
    expect((await api(b, 'GET', '/user', victim)).status).toBe(200);
    const list = await api(b, 'GET', '/user/sessions', victim);
    const victimId = list.body.find((s: { current: boolean }) => s.current).id;

    expect((await api(a, 'DELETE', `/user/sessions/${victimId}`, keep)).status).toBe(200);
    expect((await api(b, 'GET', '/user', victim)).status).toBe(401);
    expect((await api(a, 'GET', '/user', victim)).status).toBe(401);

    const second = await login(a);
    expect((await api(a, 'GET', '/user', second)).status).toBe(200);
    const r = await api(b, 'POST', '/user/sessions/revoke-others', keep);
    expect(r.body).toEqual({ revoked: 1 });
    expect((await api(a, 'GET', '/user', second)).status).toBe(401);
    expect((await api(a, 'GET', '/user', keep)).status).toBe(200);
    expect((await api(b, 'GET', '/user', keep)).status).toBe(200);
  });
});
