import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/contract/src',
];

function newestMtime(p) {
  const abs = path.join(root, p);
  if (!existsSync(abs)) return 0;
  const st = statSync(abs);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(abs)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds the web app when its build is missing or older than its sources (DESIGN §2). */
export function buildWebIfStale() {
  const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const newest = Math.max(...sources.map(newestMtime));
  if (built && built >= newest) return false;
  console.log(built ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@devmarket/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfStale();
