import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  htmlForRoute,
  type ProjectRef,
  routePreloadHeaders,
  staticPlugin,
  withScriptHashes,
  workspaceRef,
} from '../../src/plugins/static';

let dist: string;
let app: FastifyInstance;
/** The app that fills the workspace frame: the lookups it made, and its one visible project. */
let filling: FastifyInstance;
const lookups: ProjectRef[] = [];
const WORKSPACE_FRAME =
  '<!doctype html><script>mark(\'ws\')</script><div id="root"><nav><p class="n" data-slot="project-name"></p></nav></div>';
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
  writeFileSync(path.join(dist, 'prerender', 'shell-workspace.html'), WORKSPACE_FRAME);
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
      workspaceShell: {
        file: 'prerender/shell-workspace.html',
        slot: 'project-name',
        routes: [
          { path: '/project/:projectHandle', ref: 'handle' },
          { path: '/projects/id/:projectID', ref: 'id' },
        ],
      },
      routes: [
        { path: '/', guarded: true },
        { path: '/projects', guarded: true },
        { path: '/project/new', guarded: true },
        { path: '/project/:projectHandle', guarded: true },
        { path: '/projects/id/:projectID', guarded: true },
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
  filling = Fastify();
  filling.addHook('onRequest', async (_req, reply) => {
    reply.header('content-security-policy', "default-src 'self';script-src 'self'");
  });
  await filling.register(cookie);
  await filling.register(staticPlugin, {
    webDist: dist,
    projectName: async (_req, ref) => {
      lookups.push(ref);
      return 'handle' in ref && ref.handle === 'acme' ? 'Acme <Shop> & "Co"' : null;
    },
  });
  await filling.ready();
});
afterAll(async () => {
  await app?.close();
  await filling?.close();
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
  it('sends a form the browser submitted before hydration back to its page by GET, unread', async () => {
    const postForm = (url: string, payload: string) =>
      app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
    const res = await postForm('/login?redirect=L2FjY291bnQ', 'email=a%40b.c&password=secret');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?redirect=L2FjY291bnQ');
    expect(res.body).not.toContain('secret');
    // Never to another site: a path that starts with two slashes would name a host.
    const away = await postForm('//evil.example/login', 'a=b');
    expect(away.statusCode).toBe(303);
    expect(away.headers.location).toBe('/');
    // The API's own addresses are not pages: an unknown one is the usual 404.
    const api = await app.inject({ method: 'POST', url: '/api/v1/nope', payload: { a: 1 } });
    expect(api.statusCode).toBe(404);
  });

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
    expect(signedIn.body).toBe(WORKSPACE_FRAME);
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

  it("writes the project's name into the workspace frame, escaped and compressed, when the caller may see it", async () => {
    lookups.length = 0;
    const named = WORKSPACE_FRAME.replace('project-name">', 'project-name">Acme &lt;Shop&gt; &amp; &quot;Co&quot;');
    const br = await filling.inject({
      method: 'GET',
      url: '/project/acme/',
      headers: { ...hint, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Cookie');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(named);
    const hash = createHash('sha256').update("mark('ws')").digest('base64');
    expect(br.headers['content-security-policy']).toBe(`default-src 'self';script-src 'self' 'sha256-${hash}'`);
    const gz = await filling.inject({
      method: 'GET',
      url: '/project/acme',
      headers: { ...hint, 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(named);
    expect((await filling.inject({ method: 'GET', url: '/project/acme', headers: hint })).body).toBe(named);
    expect(lookups).toEqual([{ handle: 'acme' }, { handle: 'acme' }, { handle: 'acme' }]);
  });

  it('sends the frame as built when the lookup finds nothing, and asks nothing without the session hint', async () => {
    lookups.length = 0;
    const other = await filling.inject({ method: 'GET', url: '/project/secret', headers: hint });
    expect(other.body).toBe(WORKSPACE_FRAME);
    const byId = await filling.inject({ method: 'GET', url: '/projects/id/5f0c', headers: hint });
    expect(byId.body).toBe(WORKSPACE_FRAME);
    expect(lookups).toEqual([{ handle: 'secret' }, { id: '5f0c' }]);
    lookups.length = 0;
    expect((await filling.inject({ method: 'GET', url: '/project/acme' })).body).toBe(
      '<!doctype html><div id="root"></div>',
    );
    expect(lookups).toEqual([]);
  });

  it('gives a path the router matches to another route (/project/new) its own frame, not the workspace', async () => {
    lookups.length = 0;
    expect(htmlForRoute(dist)('/project/new', true)).toBe('prerender/shell.html');
    expect((await filling.inject({ method: 'GET', url: '/project/new', headers: hint })).body).toContain(
      '<main>shell</main>',
    );
    expect(lookups).toEqual([]);
  });

  it('reads the project from a workspace address as written; other addresses name none', () => {
    const refOf = workspaceRef(dist);
    expect(refOf('/Project/Acme-Shop/')).toEqual({ handle: 'Acme-Shop' });
    expect(refOf('/projects/id/5f0c')).toEqual({ id: '5f0c' });
    expect(refOf('/project/a%20b')).toEqual({ handle: 'a b' });
    expect(refOf('/project/%E0%A4%A')).toBeNull();
    expect(refOf('/project/acme/details')).toBeNull();
    expect(refOf('/projects')).toBeNull();
  });

  it('adds hashes to script-src only', () => {
    expect(withScriptHashes("default-src 'self';script-src 'self'", ["'sha256-A'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-A'",
    );
    expect(withScriptHashes("default-src 'self'", ["'sha256-A'"])).toBe("default-src 'self'");
  });
});
