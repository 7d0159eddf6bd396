import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API GET answered with index.html so client-side routes load (SPA fallback). Files
 * go out brotli- or gzip-compressed when the build made a compressed copy.
 */
export const staticPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string }) => {
    const index = path.join(opts.webDist, 'index.html');
    if (!existsSync(index)) {
      app.log.warn({ webDist: opts.webDist }, 'web build not found; serving the API only');
      return;
    }
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
      return reply.type('text/html').sendFile('index.html');
    });
  },
  { name: 'static' },
);
