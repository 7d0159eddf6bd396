import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildWebIfStale } from './build-web-if-stale.mjs';

/**
 * Bundle budget: the gzipped JavaScript a first visit to a route downloads — the entry chunk, the
 * route's lazy chunk and everything they import statically. Fails (exit 1) over budget.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
/** Budgets in KB of gzipped JavaScript, per route (docs/performance.md). */
const BUDGETS_KB = { '/login': 170, '/': 180 };
/** What each route loads besides the entry: the list the server's preload headers come from too. */
const { routes: FIRST_LOAD } = JSON.parse(readFileSync(path.join(root, 'apps/web/first-load-routes.json'), 'utf8'));
const ROUTES = Object.fromEntries(Object.keys(BUDGETS_KB).map((route) => [route, FIRST_LOAD[route]]));

if (!process.env.WEB_DIST) buildWebIfStale();
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

function collect(key, seen) {
  if (!key || seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) collect(dep, seen);
}

const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;
let failed = false;
const rows = [];
for (const [route, sources] of Object.entries(ROUTES)) {
  const missing = sources.filter((src) => !manifest[src]);
  if (missing.length) {
    console.error(`bundle budget: ${missing.join(', ')} not in the build manifest`);
    failed = true;
    continue;
  }
  const keys = new Set();
  collect(entryKey, keys);
  for (const src of sources) collect(src, keys);
  const bytes = [...keys].reduce((sum, k) => sum + gz(manifest[k].file), 0);
  const kb = bytes / 1024;
  const budget = BUDGETS_KB[route];
  rows.push(`${route.padEnd(8)} ${kb.toFixed(1).padStart(7)} KB gzipped JS (budget ${budget} KB)`);
  if (kb > budget) failed = true;
}
console.log(`First-load JavaScript per route:\n${rows.join('\n')}`);
if (failed) {
  console.error('bundle budget exceeded');
  process.exit(1);
}
