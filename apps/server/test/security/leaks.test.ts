import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../factories/users';
import { buildTestApp, call, type TestApp } from '../helper';
import { ACTORS, type Actor, buildWorld, type World } from './fixtures';
import { listRoutes } from './openapi-routes';

/**
 * Walks every readable endpoint as every actor and looks for secrets in the answers: password
 * hashes, anybody else's access token, and other users' e-mail addresses.
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '100000' });
  w = await buildWorld(t.app);
}, 60_000);
afterAll(async () => t?.close());

/** Not JSON reads, or streams: checked elsewhere. */
const SKIP = new Set([
  '/api/v1/events',
  '/api/v1/users/images/{file}',
  '/api/v1/tasks/{id}/files/{fileId}/download',
  '/api/v1/auth/verify-email/{token}',
]);
/** Staff read e-mail addresses where their work needs them (review queue, outbox, transactions). */
const STAFF_MAY_SEE_EMAILS = /^\/api\/v1\/admin\//;

/** Every way to fill a GET route's parameters with real fixtures (private and public project). */
function urlsFor(path: string): string[] {
  const variants: Record<string, string>[] = [];
  if (path.includes('/tasks/')) {
    variants.push(
      { id: w.task.id, identifier: w.task.identifier },
      { id: w.publicTask.id, identifier: w.publicTask.identifier },
    );
  } else if (path.startsWith('/api/v1/threads/')) {
    variants.push({ id: w.threadID });
  } else if (path.startsWith('/api/v1/transactions/')) {
    variants.push({ id: w.transactionID });
  } else if (path.startsWith('/api/v1/users/')) {
    variants.push({ id: w.users.member.user.id, username: w.users.member.user.username as string });
  } else {
    variants.push(
      { id: w.project.id, handle: w.project.handle },
      { id: w.publicProject.id, handle: w.publicProject.handle },
    );
  }
  return variants.map((v) => path.replace(/\{(\w+)\}/g, (_m, name: string) => v[name] ?? 'missing'));
}

describe('no response leaks secrets', () => {
  it('GET answers carry no password hash, no foreign token, no other user e-mail', { timeout: 120_000 }, async () => {
    const routes = (await listRoutes(t.app)).filter((r) => r.method === 'GET' && !SKIP.has(r.path));
    expect(routes.length).toBeGreaterThan(30);
    const people = Object.entries(w.users).map(([name, u]) => ({ name, email: u.user.email, token: u.token }));
    const leaks: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const url of urlsFor(route.path)) {
        for (const actor of ACTORS) {
          const r = await call(t.app, 'GET', url, { token: w.tokens[actor] });
          const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
          checked++;
          if (/\$argon2|\$scrypt|passwordHash|password_hash|tokenHash|token_hash/i.test(text)) {
            leaks.push(`${url} as ${actor}: password or token hash`);
          }
          const self = actor === 'guest' ? undefined : w.users[actor as Exclude<Actor, 'guest'>];
          for (const person of people) {
            if (person.token !== self?.token && text.includes(person.token)) {
              leaks.push(`${url} as ${actor}: the access token of ${person.name}`);
            }
            const mayRead = actor === 'staff' && STAFF_MAY_SEE_EMAILS.test(route.path);
            if (
              person.email !== self?.user.email &&
              !mayRead &&
              text.toLowerCase().includes(person.email.toLowerCase())
            ) {
              leaks.push(`${url} as ${actor}: the e-mail of ${person.name}`);
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(leaks).toEqual([]);
  });

  it('login answers with the caller’s own new token only, and never the password', async () => {
    const r = await call(t.app, 'POST', '/auth/login', {
      body: { email: w.users.member.user.email, password: TEST_PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['accessToken']);
    const text = JSON.stringify(r.body);
    for (const u of Object.values(w.users)) expect(text).not.toContain(u.token);
    expect(text).not.toContain(TEST_PASSWORD);
  });

  it('error answers never carry internals', async () => {
    const r = await call(t.app, 'GET', '/tasks/identifier/%00%27%22', { token: w.tokens.member });
    expect(r.status).toBeLessThan(500);
    expect(JSON.stringify(r.body)).not.toMatch(/stack|select |postgres|pglite|node_modules/i);
  });
});
