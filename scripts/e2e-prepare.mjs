import { spawnSync } from 'node:child_process';
import { buildWebIfStale } from './build-web-if-stale.mjs';

/** The staff account every e2e server has (see e2e/support/fixtures.ts). */
export const E2E_STAFF = { email: 'staff@e2e.test', password: 'staff-e2e-password' };

/**
 * Builds the web app — into WEB_DIST when set, since parallel e2e runs must not rebuild one shared
 * folder at once — and creates the staff account (the CLI releases an embedded database before
 * the server opens it).
 */
export function prepareE2E(env = process.env) {
  if (env.WEB_DIST) {
    const b = spawnSync('npx', ['vite', 'build', '--outDir', env.WEB_DIST, '--emptyOutDir'], {
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
    { stdio: 'inherit', env },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
