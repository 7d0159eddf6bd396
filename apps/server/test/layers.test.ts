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

/** The faces rule of biome.jsonc: another module is reached only through its `index.ts`. */
const FACE = 'public face';
const imp = (spec: string) => `import { x } from '${spec}';\n\nexport const y = x;\n`;

describe('layers: other modules only through their public face', () => {
  it("fails a module file that reaches into another module's repo", () => {
    const r = lint('apps/server/src/modules/probe/probe.service.ts', imp('../tasks/tasks.repo'));
    expect(r.failed).toBe(true);
    expect(r.output).toContain(FACE);
  });

  it("fails a module repo, a mapper and a route that reach into another module's files", () => {
    for (const [file, spec] of [
      ['apps/server/src/modules/probe/probe.repo.ts', '../users/users.repo'],
      ['apps/server/src/modules/probe/probe.mapper.ts', '../users/users.mapper'],
      ['apps/server/src/modules/probe/probe.routes.ts', '../ledger/escrow.service'],
    ]) {
      const r = lint(file, imp(spec));
      expect(r.failed, `${file} -> ${spec}`).toBe(true);
      expect(r.output).toContain(FACE);
    }
  });

  it("passes the face (../tasks/index or ../tasks), the module's own files and shared lib", () => {
    for (const spec of ['../tasks/index', '../tasks', './probe.repo', '../../lib/errors', '../../db/client']) {
      const r = lint('apps/server/src/modules/probe/probe.service.ts', imp(spec));
      expect(r.output, spec).not.toContain(FACE);
      expect(r.failed, spec).toBe(false);
    }
  });

  it("fails a module's sub-folder (payments/evm) reaching into another module, passes its face", () => {
    const bad = lint('apps/server/src/modules/probe/sub/deep.service.ts', imp('../../ledger/ledger.repo'));
    expect(bad.failed).toBe(true);
    expect(bad.output).toContain(FACE);
    for (const spec of ['../../ledger', '../../ledger/index', '../probe.service', '../../../lib/errors']) {
      const ok = lint('apps/server/src/modules/probe/sub/deep.service.ts', imp(spec));
      expect(ok.failed, spec).toBe(false);
    }
  });

  it("fails plugins, lib, cli and the app root reaching into a module's files; passes its face", () => {
    for (const [file, prefix] of [
      ['apps/server/src/plugins/probe.ts', '../modules'],
      ['apps/server/src/lib/probe.ts', '../modules'],
      ['apps/server/src/cli/probe.ts', '../modules'],
      ['apps/server/src/probe.ts', './modules'],
    ]) {
      const bad = lint(file, imp(`${prefix}/tasks/tasks.repo`));
      expect(bad.failed, file).toBe(true);
      expect(bad.output).toContain(FACE);
      for (const spec of [`${prefix}/tasks`, `${prefix}/tasks/index`]) {
        const ok = lint(file, imp(spec));
        expect(ok.failed, `${file} -> ${spec}`).toBe(false);
      }
    }
  });
});
