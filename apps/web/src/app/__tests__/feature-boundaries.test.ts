import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The web's boundaries (docs/architecture.md): biome.jsonc forbids a feature importing another
 * feature's files, and query keys are built by their feature's key factory, never as literals.
 * Probe files are linted with a copy of the repository's config in a temporary directory.
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
const src = path.join(root, 'apps/web/src');
const biome = path.join(root, 'node_modules/.bin/biome');
const dir = mkdtempSync(path.join(tmpdir(), 'web-features-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

const probe = (from: string) => `import { x } from '${from}';\n\nexport const y = x;\n`;

describe('web features: no feature imports another', () => {
  it('fails a feature component importing another feature', () => {
    const r = lint('apps/web/src/features/onboarding/components/probe.tsx', probe('../../auth/components/login-form'));
    expect(r.failed).toBe(true);
    expect(r.output).toContain('A feature does not import another feature');
  });

  it('fails a feature route importing another feature', () => {
    const r = lint('apps/web/src/features/projects/routes/probe.ts', probe('../../tasks/api/keys'));
    expect(r.failed).toBe(true);
  });

  it('passes its own files, shared code and the app composing features', () => {
    for (const [file, from] of [
      ['apps/web/src/features/projects/components/own.tsx', '../api/keys'],
      ['apps/web/src/features/projects/components/lib.tsx', '../../../lib/format'],
      ['apps/web/src/features/projects/components/shared.tsx', '../../../components/loading'],
      ['apps/web/src/app/routes/compose.tsx', '../../features/auth/components/login-form'],
    ]) {
      const r = lint(file!, probe(from!));
      expect(r.output).not.toContain('noRestrictedImports');
    }
  });
});

function* sources(d: string): Generator<string> {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !p.includes('__tests__')) yield p;
  }
}

describe('web query keys', () => {
  it('are built by key factories, never written as literals where they are used', () => {
    const literals: string[] = [];
    for (const file of sources(src)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/queryKey:\s*\[/.test(line)) literals.push(`${path.relative(src, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(literals).toEqual([]);
  });
});
