import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { personalAccessTokens } from '../../../src/db/schema/index';
import { loggerOptions } from '../../../src/lib/log-redaction';
import { hashToken } from '../../../src/lib/tokens';
import { TOKEN_MSG, tokenForbiddenPath } from '../../../src/modules/tokens/index';
import { createProject } from '../../factories/projects';
import { createStaff, createUser } from '../../factories/users';
import { call, expectValidationError, openTestDatabase } from '../../helper';

/**
 * DESIGN §16: personal access tokens. The app logs through the production logger settings into
 * memory, so the last test can show that no token reached the log.
 */
const lines: string[] = [];
let app: FastifyInstance;
let close: () => Promise<void>;
let clock = Date.now();

beforeAll(async () => {
  const { database, drop } = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: path.join(tmpdir(), `devmarket-pat-${randomBytes(4).toString('hex')}`),
    SECRET: 'test-secret-test-secret',
  });
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ config, database, webDist: null, logger: { ...loggerOptions('info'), stream } });
  app.ctx.now = () => new Date(clock);
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    await drop();
  };
});
afterAll(async () => close?.());

const issued: string[] = [];
async function newToken(session: string, body: Record<string, unknown>) {
  const r = await call(app, 'POST', '/user/tokens', { token: session, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  issued.push(r.body.token);
  return r.body as { id: string; token: string; scope: string; expiresAt: string; createdAt: string; name: string };
}

describe('personal access tokens', () => {
  it('are shown once, stored hashed, and listed without the token', async () => {
    const { user, token: session } = await createUser(app);
    const created = await newToken(session, { name: 'CI bot', scope: 'read' });
    expect(created.token).toMatch(/^dm_pat_[A-Za-z0-9]{40}$/);
    expect(created).toMatchObject({ name: 'CI bot', scope: 'read' });
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(90 * 86_400_000);
    const [row] = await app.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, created.id));
    expect(row.userId).toBe(user.id);
    expect(row.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const list = await call(app, 'GET', '/user/tokens', { token: session });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: created.id,
        name: 'CI bot',
        scope: 'read',
        createdAt: created.createdAt,
        expiresAt: created.expiresAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain('dm_pat_');
  });

  it('validates name, scope and expiry (1 to 365 days)', async () => {
    const { token: session } = await createUser(app);
    const post = (body: unknown) => call(app, 'POST', '/user/tokens', { token: session, body });
    expectValidationError(await post({ name: '', scope: 'read' }), { name: 'This field is required.' });
    expectValidationError(await post({ name: 'x', scope: 'admin' }), { scope: 'Choose read or write' });
    expectValidationError(await post({ name: 'x', scope: 'read', expiresInDays: 0 }), {
      expiresInDays: /between 1 and 365/,
    });
    expectValidationError(await post({ name: 'x', scope: 'read', expiresInDays: 366 }), {
      expiresInDays: /between 1 and 365/,
    });
    const year = await post({ name: 'x', scope: 'write', expiresInDays: 365 });
    expect(Date.parse(year.body.expiresAt) - Date.parse(year.body.createdAt)).toBe(365 * 86_400_000);
  });

  it('read scope reads only; write scope also writes; use is recorded', async () => {
    const { user, token: session } = await createUser(app);
    const read = await newToken(session, { name: 'r', scope: 'read' });
    const write = await newToken(session, { name: 'w', scope: 'write' });
    const me = await call(app, 'GET', '/user', { token: read.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    expect((await call(app, 'GET', '/projects/my', { token: read.token })).status).toBe(200);
    const body = { name: 'Via token', description: 'Made by a script.', company: 'Acme', visibility: 'Public' };
    const refused = await call(app, 'POST', '/projects', { token: read.token, body });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(TOKEN_MSG.readOnly);
    const nil = '00000000-0000-4000-8000-000000000000';
    expect((await call(app, 'PUT', `/tasks/${nil}`, { token: read.token, body: {} })).status).toBe(403);
    expect((await call(app, 'DELETE', `/tasks/${nil}/files/${nil}`, { token: read.token })).status).toBe(403);
    const made = await call(app, 'POST', '/projects', { token: write.token, body });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.ownerID).toBe(user.id);
    const list = await call(app, 'GET', '/user/tokens', { token: session });
    const used = list.body.find((t: { id: string }) => t.id === read.id);
    expect(used.lastUsedAt).toBe(new Date(clock).toISOString());
  });

  it('are refused (403) on every route that moves money, touches security or is for staff, with any method', async () => {
    const { token: session } = await createUser(app);
    const staff = await createStaff(app);
    const write = await newToken(session, { name: 'w', scope: 'write' });
    const staffWrite = await newToken(staff.token, { name: 'staff w', scope: 'write' });
    const refused = [...app.routeAuth.entries()]
      .map(([key, auth]) => {
        const [method, url] = key.split(' ');
        return { method, url, path: url.slice('/api/v1'.length), auth };
      })
      .filter((r) => r.auth === 'staff' || tokenForbiddenPath(r.path));
    const names = refused.map((r) => `${r.method} ${r.path}`);
    for (const must of [
      'POST /user/withdraw',
      'POST /user/deposit',
      'POST /transactions/:id/cancel',
      'POST /user/update-password',
      'POST /user/tokens',
      'GET /user/tokens',
      'DELETE /user/tokens/:id',
      'POST /auth/logout',
      'GET /auth/cookie',
      'GET /admin/transactions',
      'POST /admin/transactions/:id/complete',
    ]) {
      expect(names).toContain(must);
    }
    const nil = '00000000-0000-4000-8000-000000000000';
    for (const r of refused) {
      const url = r.url.replace(/:(\w+)/g, r.url.includes('/verify-email/') ? '123456' : nil);
      for (const token of [write.token, staffWrite.token]) {
        const res = await call(app, r.method as 'GET', url, { token, body: r.method === 'GET' ? undefined : {} });
        expect(res.status, `${r.method} ${r.path}`).toBe(403);
        if (r.method !== 'HEAD') expect(res.body.msg).toBe(TOKEN_MSG.forbidden);
      }
    }
    // Routes other engineers add under the same paths are covered by the list, not by each route.
    for (const p of [
      '/user/2fa/setup',
      '/user/2fa/enable',
      '/user/2fa/disable',
      '/user/sessions',
      '/user/sessions/:id',
      '/user/sessions/revoke-others',
      '/user/withdrawal-addresses',
      '/user/withdrawal-addresses/:id',
      '/user/withdrawal-settings',
    ]) {
      expect(tokenForbiddenPath(p), p).toBe(true);
    }
    for (const p of ['/user', '/user/balance', '/projects/my', '/user/withdrawals-report']) {
      expect(tokenForbiddenPath(p), p).toBe(false);
    }
  });

  it('expire by the clock (401) and are revoked at once', async () => {
    const { token: session } = await createUser(app);
    const short = await newToken(session, { name: 'short', scope: 'read', expiresInDays: 1 });
    const other = await newToken(session, { name: 'other', scope: 'read', expiresInDays: 30 });
    expect((await call(app, 'GET', '/user', { token: short.token })).status).toBe(200);
    const start = clock;
    try {
      clock = start + 86_400_000 - 1000;
      expect((await call(app, 'GET', '/user', { token: short.token })).status).toBe(200);
      clock = start + 86_400_000 + 1000;
      const expired = await call(app, 'GET', '/user', { token: short.token });
      expect(expired.status).toBe(401);
      expect(expired.body.msg).toBe(TOKEN_MSG.expired);
    } finally {
      clock = start;
    }
    // Someone else cannot revoke it; its owner can, and it stops working on the next request.
    const stranger = await createUser(app);
    expect((await call(app, 'DELETE', `/user/tokens/${other.id}`, { token: stranger.token })).status).toBe(404);
    expect((await call(app, 'GET', '/user', { token: other.token })).status).toBe(200);
    expect((await call(app, 'DELETE', `/user/tokens/${other.id}`, { token: session })).status).toBe(200);
    const revoked = await call(app, 'GET', '/user', { token: other.token });
    expect(revoked.status).toBe(401);
    expect(revoked.body.msg).toBe(TOKEN_MSG.invalid);
    const list = await call(app, 'GET', '/user/tokens', { token: session });
    expect(list.body.map((t: { id: string }) => t.id)).not.toContain(other.id);
    // A made-up token of the right shape is as unknown.
    expect((await call(app, 'GET', '/user', { token: `dm_pat_${'a'.repeat(40)}` })).status).toBe(401);
  });

  it('count only in the Authorization header, never as a cookie or in the address', async () => {
    const { token: session } = await createUser(app);
    const t = await newToken(session, { name: 'h', scope: 'write' });
    expect((await call(app, 'GET', '/user', { headers: { cookie: `AccessToken=${t.token}` } })).status).toBe(401);
    expect((await call(app, 'GET', `/user?token=${t.token}`)).status).toBe(401);
  });

  it('act within what the user may do: a token of a project outsider sees no private project', async () => {
    const owner = await createUser(app);
    const outsider = await createUser(app);
    const project = await createProject(app, owner.user.id, { visibility: 'Private' });
    const t = await newToken(outsider.token, { name: 'o', scope: 'write' });
    expect((await call(app, 'GET', `/projects/id/${project.id}`, { token: t.token })).status).toBe(404);
    const mine = await newToken(owner.token, { name: 'mine', scope: 'read' });
    expect((await call(app, 'GET', `/projects/id/${project.id}`, { token: mine.token })).status).toBe(200);
  });

  it('are described in the OpenAPI document, with the routes that take them', async () => {
    const doc = (await call(app, 'GET', '/openapi.json')).body;
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const takes = (path: string, method: string) =>
      (doc.paths[`/api/v1${path}`][method].security as Record<string, unknown>[]).some((s) => 'apiToken' in s);
    expect(takes('/projects/my', 'get')).toBe(true);
    expect(takes('/tasks', 'post')).toBe(true);
    expect(takes('/user/withdraw', 'post')).toBe(false);
    expect(takes('/user/tokens', 'post')).toBe(false);
    expect(takes('/admin/transactions', 'get')).toBe(false);
    expect(doc.paths['/api/v1/health'].get.security).toEqual([]);
  });

  it('never reach the log', async () => {
    expect(issued.length).toBeGreaterThan(5);
    const log = lines.join('\n');
    expect(log).toContain('/api/v1/user');
    for (const token of issued) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.slice(7));
      expect(log).not.toContain(hashToken(token));
    }
  });
});
