import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePreloadHeaders, staticPlugin } from '../../src/plugins/static';

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
  app = Fastify();
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
