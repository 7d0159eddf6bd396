import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../../src/db/client';

/** Changes whenever a migration changes, so a stale template is never reused. */
export function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(migrationsFolder).sort()) {
    if (f.endsWith('.sql')) h.update(readFileSync(path.join(migrationsFolder, f)));
  }
  return h.digest('hex').slice(0, 12);
}

export const templateDir = path.resolve(migrationsFolder, '../../../.test-data');
export const pgliteTemplateFile = () => path.join(templateDir, `pglite-${migrationsHash()}.tar.gz`);
export const pgTemplateName = () => `devmarket_tpl_${migrationsHash()}`;

/** The URL of another database on the same server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
