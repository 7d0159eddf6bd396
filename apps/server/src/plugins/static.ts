import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API GET answered with index.html so client-side routes load (SPA fallback). Files
 * go out brotli- or gzip-compressed when the build made a compressed copy.
 */
/** A route pattern of dist/preload.json ('/project/:handle') as a matcher of request paths. */
function patternMatcher(pattern: string): (urlPath: string) => boolean {
  const want = pattern.split('/');
  return (urlPath) => {
    const got = urlPath.split('/');
    return got.length === want.length && want.every((seg, i) => (seg.startsWith(':') ? got[i] !== '' : seg === got[i]));
  };
}

/**
 * The `Link` header that lets the browser fetch a route's lazy chunks while it still downloads the
 * entry (the build lists them in preload.json, apps/web/vite.config.ts). Exact routes win over
 * patterns; an unknown path gets none.
 */
export function routePreloadHeaders(webDist: string): (urlPath: string) => string | undefined {
  const file = path.join(webDist, 'preload.json');
  if (!existsSync(file)) return () => undefined;
  const routes = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>).map(
    ([pattern, files]) => ({
      pattern,
      matches: patternMatcher(pattern),
      header: files.map((f) => `<${f}>; rel=modulepreload`).join(', '),
    }),
  );
  return (urlPath) =>
    (routes.find((r) => r.pattern === urlPath) ?? routes.find((r) => r.matches(urlPath)))?.header || undefined;
}

export const staticPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string }) => {
    const index = path.join(opts.webDist, 'index.html');
    if (!existsSync(index)) {
      app.log.warn({ webDist: opts.webDist }, 'web build not found; serving the API only');
      return;
    }
    const preloadFor = routePreloadHeaders(opts.webDist);
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies (apps/web/vite.config.ts): sent when accepted.
      preCompressed: true,
      // @fastify/static hands the Fastify reply to setHeaders.
      setHeaders(reply: { header: (k: string, v: string) => void }, filePath: string) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', { schema: { hide: true } }, async (req, reply) => {
      const url = req.url.split('?')[0];
      if (url.startsWith('/api/') || url.startsWith('/assets/')) {
        return reply.status(404).send({ msg: `Route GET ${url} not found`, error: 'Not Found' });
      }
      const candidate = path.join(opts.webDist, path.normalize(url));
      if (
        url !== '/' &&
        candidate.startsWith(opts.webDist) &&
        statSync(candidate, { throwIfNoEntry: false })?.isFile()
      ) {
        return reply.sendFile(path.relative(opts.webDist, candidate));
      }
      reply.header('cache-control', 'no-cache');
      const preload = preloadFor(url);
      if (preload) reply.header('link', preload);
      return reply.type('text/html').sendFile('index.html');
    });
  },
  { name: 'static' },
);
