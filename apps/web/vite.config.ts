import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerender } from './build/prerender';

/**
 * Pre-renders the public pages and the signed-in frame (build/prerender.ts, issue 33), then writes
 * .br and .gz copies of the text files of the build; the server sends them to browsers that
 * accept them (@fastify/static preCompressed), so nothing is compressed per request. One hook, in
 * this order: the pre-rendered pages are compressed too.
 */
function prerenderAndPrecompress(): Plugin {
  let outDir = 'dist';
  let root = '.';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return name === '.vite' ? [] : walk(file);
      return /\.(js|css|html|svg|json|txt|map)$/.test(name) ? [file] : [];
    });
  return {
    name: 'devmarket-prerender-precompress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerender(root, outDir);
      for (const file of walk(outDir)) {
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
      }
    },
  };
}

/**
 * Writes dist/preload.json: for each route of first-load-routes.json, the chunks its first visit
 * loads beyond the entry's own (which index.html already preloads). The server sends them as
 * `Link: rel=modulepreload` headers with index.html, so the route's lazy chunks download alongside
 * the entry instead of after it has run.
 */
function routePreloads(): Plugin {
  let outDir = 'dist';
  // The route list sits beside this config, wherever the build writes (a bench builds into
  // .test-data/…): never relative to outDir.
  let root = '.';
  return {
    name: 'devmarket-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest: Record<string, { file: string; isEntry?: boolean; imports?: string[] }> = JSON.parse(
        readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      );
      const closure = (keys: string[], seen = new Set<string>()) => {
        for (const key of keys) {
          if (seen.has(key) || !manifest[key]) continue;
          seen.add(key);
          closure(manifest[key].imports ?? [], seen);
        }
        return seen;
      };
      const entry = closure(Object.keys(manifest).filter((k) => manifest[k].isEntry));
      const { routes } = JSON.parse(readFileSync(path.resolve(root, 'first-load-routes.json'), 'utf8')) as {
        routes: Record<string, string[]>;
      };
      const preloads: Record<string, string[]> = {};
      for (const [route, sources] of Object.entries(routes)) {
        const missing = sources.filter((src) => !manifest[src]);
        if (missing.length)
          throw new Error(`first-load-routes.json: ${missing.join(', ')} is not a chunk of the build`);
        preloads[route] = [...closure(sources)].filter((k) => !entry.has(k)).map((k) => `/${manifest[k].file}`);
      }
      writeFileSync(path.join(outDir, 'preload.json'), JSON.stringify(preloads));
    },
  };
}

export default defineConfig({
  plugins: [react(), routePreloads(), prerenderAndPrecompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // No modulepreload polyfill in the entry: every browser the build targets (ES2022) but Safari
    // 16 supports <link rel="modulepreload">, and there the links are only ignored (the chunks
    // load when imported). Its bytes are on every first load (issue 33).
    modulePreload: { polyfill: false },
  },
});
