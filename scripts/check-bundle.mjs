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
const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 200);
const ROUTES = {
  '/login': ['src/app/layouts/public-auth-layout.tsx', 'src/features/auth/routes/login.tsx'],
  '/': ['src/app/layouts/dashboard-layout.tsx', 'src/features/dashboard/routes/dashboard.tsx'],
};

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
  rows.push(`${route.padEnd(8)} ${kb.toFixed(1).padStart(7)} KB gzipped JS (budget ${BUDGET_KB} KB)`);
  if (kb > BUDGET_KB) failed = true;
}
console.log(`First-load JavaScript per route:\n${rows.join('\n')}`);
if (failed) {
  console.error('bundle budget exceeded');
  process.exit(1);
}
