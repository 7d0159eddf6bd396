import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layering rule of biome.jsonc (docs/architecture.md): `drizzle-orm` and `pg` may not be
 * imported by routes, services or any other module file, only by repos (and the named
 * infrastructure: the health check, the event bus, the stream hub).
 * Probe files are linted with a copy of the repository's config in a temporary directory, so the
 * check never writes into the source tree.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');
const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// biome.jsonc has line comments (the allow-list explains itself); JSON.parse does not.
const config = JSON.parse(readFileSync(path.join(root, 'biome.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
config.$schema = undefined;
config.vcs = { enabled: false };
writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));

function lint(file: string, source: string) {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, source);
  const r = spawnSync(biome, ['lint', '--max-diagnostics=5', file], { cwd: dir, encoding: 'utf8' });
  return { failed: r.status !== 0, output: `${r.stdout}${r.stderr}` };
}

const QUERY = "import { sql } from 'drizzle-orm';\n\nexport const one = sql`select 1`;\n";
const POOL = "import pg from 'pg';\n\nexport const Pool = pg.Pool;\n";

describe('layers: queries only in repos', () => {
  it('fails a route that imports drizzle-orm, and a service that imports pg', () => {
    const route = lint('apps/server/src/modules/probe/probe.routes.ts', QUERY);
    expect(route.failed).toBe(true);
    expect(route.output).toContain('noRestrictedImports');
    const service = lint('apps/server/src/modules/probe/probe.service.ts', POOL);
    expect(service.failed).toBe(true);
    expect(service.output).toContain('Queries live in repos');
  });

  it('fails a drizzle-orm subpath too', () => {
    const r = lint(
      'apps/server/src/modules/probe/sub.routes.ts',
      "import { pgTable } from 'drizzle-orm/pg-core';\n\nexport const t = pgTable;\n",
    );
    expect(r.failed).toBe(true);
  });

  it('fails a module file that holds rules (not a route or service)', () => {
    const r = lint('apps/server/src/modules/probe/probe-access.ts', QUERY);
    expect(r.failed).toBe(true);
    expect(r.output).toContain('Queries live in repos');
  });

  it('passes the named infrastructure', () => {
    const r = lint('apps/server/src/modules/realtime/event-bus.ts', QUERY);
    expect(r.failed).toBe(false);
  });

  it('passes the same import in a repo', () => {
    const r = lint('apps/server/src/modules/probe/probe.repo.ts', QUERY);
    expect(r.output).not.toContain('noRestrictedImports');
    expect(r.failed).toBe(false);
  });
});
