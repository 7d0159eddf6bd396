import { spawnSync } from 'node:child_process';
import { register } from 'tsx/esm/api';
import { buildWebIfStale } from './build-web-if-stale.mjs';

// The e2e suite's server: the production build on a throw-away DATA_DIR, plus a staff account
// (the CLI runs first and releases the embedded database before the server opens it).
export const E2E_STAFF = { email: 'staff@e2e.test', password: 'staff-e2e-password' };

if (process.env.WEB_DIST) {
  // A build of its own (parallel e2e runs must not rebuild one shared folder at once).
  const b = spawnSync('npx', ['vite', 'build', '--outDir', process.env.WEB_DIST, '--emptyOutDir'], {
    cwd: 'apps/web',
    stdio: 'inherit',
  });
  if (b.status !== 0) process.exit(b.status ?? 1);
} else {
  buildWebIfStale();
}
const r = spawnSync(
  'npx',
  ['tsx', 'apps/server/src/cli.ts', 'create-staff', '--email', E2E_STAFF.email, '--password', E2E_STAFF.password],
  { stdio: 'inherit', env: process.env },
);
if (r.status !== 0) process.exit(r.status ?? 1);
register();
await import('../apps/server/src/server.ts');
