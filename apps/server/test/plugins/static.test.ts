import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlForRoute, routePreloadHeaders, staticPlugin, withScriptHashes } from '../../src/plugins/static';

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'login-abc.js'), 'export {}');
  writeFileSync(
    path.join(dist, 'preload.json'),
    JSON.stringify({
      '/login': ['/assets/login-abc.js', '/assets/form-def.js'],
      '/project/new': ['/assets/new-project.js'],
      '/project/:handle': ['/assets/workspace.js'],
    }),
  );
  mkdirSync(path.join(dist, 'prerender'));
  for (const name of ['login', 'not-found', 'shell', 'shell-projects'])
    writeFileSync(
      path.join(dist, 'prerender', `${name}.html`),
      `<!doctype html><script>mark('${name}')</script><div id="root"><main>${name}</main></div>`,
    );
  writeFileSync(
    path.join(dist, 'prerender', 'index.json'),
    JSON.stringify({
      pages: {
        '/login': { file: 'prerender/login.html' },
        '/reset-password': { file: 'prerender/reset.html', needs: 'token' },
      },
      notFound: 'prerender/not-found.html',
      signedInShell: 'prerender/shell.html',
      signedInShells: { '/projects': 'prerender/shell-projects.html' },
      routes: [
        { path: '/', guarded: true },
        { path: '/projects', guarded: true },
        { path: '/project/:projectHandle', guarded: true },
        { path: '*', guarded: true },
        { path: '/login', guarded: false },
        { path: '/logout', guarded: false },
      ],
    }),
  );
  app = Fastify();
  // As the app's security headers do (app.ts): a CSP on every answer.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('content-security-policy', "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'");
  });
  // As app.ts does: the cookie parser first (the page depends on the session hint cookie).
  await app.register(cookie);
  await app.register(staticPlugin, { webDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app and its route preloads', () => {
  it("answers a client route with index.html and a Link header naming the route's chunks", async () => {
    const r = await app.inject({ method: 'GET', url: '/login?redirect=Lw' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers.link).toBe('</assets/login-abc.js>; rel=modulepreload, </assets/form-def.js>; rel=modulepreload');
  });

  it('prefers an exact route over a pattern, and matches one path segment per parameter', () => {
    const preloadFor = routePreloadHeaders(dist);
    expect(preloadFor('/project/new')).toBe('</assets/new-project.js>; rel=modulepreload');
    expect(preloadFor('/project/acme-dash')).toBe('</assets/workspace.js>; rel=modulepreload');
    expect(preloadFor('/project/acme-dash/details')).toBeUndefined();
    expect(preloadFor('/project/')).toBeUndefined();
  });

  it('sends no Link header for a route without preloads, nor for files', async () => {
    const other = await app.inject({ method: 'GET', url: '/terms' });
    expect(other.statusCode).toBe(200);
    expect(other.headers.link).toBeUndefined();
    const file = await app.inject({ method: 'GET', url: '/assets/login-abc.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers.link).toBeUndefined();
  });

  it('works without a preload list (an older build)', () => {
    expect(routePreloadHeaders(path.join(dist, 'assets'))('/login')).toBeUndefined();
  });
});

describe('pre-rendered pages (issue 33)', () => {
  const hint = { cookie: 'theme=x; dm_signed_in=1' };

  it('answers /login with its pre-rendered HTML, the CSP allowing exactly its inline script', async () => {
    const r = await app.inject({ method: 'GET', url: '/login?redirect=Lw' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<main>login</main>');
    expect(r.headers.vary).toContain('Cookie');
    const hash = createHash('sha256').update("mark('login')").digest('base64');
    expect(r.headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' 'sha256-${hash}';style-src 'self' 'unsafe-inline'`,
    );
  });

  it('gives a path behind the guard the signed-in frame only with the session hint', async () => {
    const guest = await app.inject({ method: 'GET', url: '/project/acme' });
    expect(guest.body).toBe('<!doctype html><div id="root"></div>');
    expect(guest.headers['content-security-policy']).toContain("script-src 'self';");
    const signedIn = await app.inject({ method: 'GET', url: '/project/acme', headers: hint });
    expect(signedIn.body).toContain('<main>shell</main>');
  });

  it('gives a page whose heading is fixed text the frame with that heading, signed in only', async () => {
    expect((await app.inject({ method: 'GET', url: '/projects', headers: hint })).body).toContain(
      '<main>shell-projects</main>',
    );
    expect((await app.inject({ method: 'GET', url: '/projects' })).body).toBe('<!doctype html><div id="root"></div>');
    expect(htmlForRoute(dist)('/Projects/', true)).toBe('prerender/shell-projects.html');
  });

  it('answers an unknown path with the not-found page, or signed in with the frame the guard fills', async () => {
    expect((await app.inject({ method: 'GET', url: '/no/such/page' })).body).toContain('<main>not-found</main>');
    expect((await app.inject({ method: 'GET', url: '/no/such/page', headers: hint })).body).toContain(
      '<main>shell</main>',
    );
  });

  it('matches paths as the router does: any case, a trailing slash ignored; unguarded routes render in the browser', () => {
    const htmlFor = htmlForRoute(dist);
    expect(htmlFor('/LOGIN/', false)).toBe('prerender/login.html');
    expect(htmlFor('/', true)).toBe('prerender/shell.html');
    expect(htmlFor('/', false)).toBe('index.html');
    expect(htmlFor('/logout', true)).toBe('index.html');
    // Drawn for the mailed link's token: without one the browser renders the page.
    expect(htmlFor('/reset-password', false, new URLSearchParams('token=abc'))).toBe('prerender/reset.html');
    expect(htmlFor('/reset-password', false, new URLSearchParams('token='))).toBe('index.html');
    expect(htmlFor('/reset-password', false)).toBe('index.html');
    expect(htmlForRoute(path.join(dist, 'assets'))('/login', false)).toBe('index.html');
  });

  it('adds hashes to script-src only', () => {
    expect(withScriptHashes("default-src 'self';script-src 'self'", ["'sha256-A'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-A'",
    );
    expect(withScriptHashes("default-src 'self'", ["'sha256-A'"])).toBe("default-src 'self'");
  });
});
