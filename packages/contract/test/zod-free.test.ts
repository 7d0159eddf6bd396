import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The modules the web app imports on its first load and on the board without the schemas
 * (issue 33): importing one that imports zod, even through another module of the contract,
 * evaluates schemas in the browser (a 32 ms task on the board, four times that on a phone).
 */
const ZOD_FREE = ['constants.ts', 'notification-constants.ts', 'task-rules.ts', 'money-units.ts', 'project-texts.ts'];
const ALLOWED_PACKAGES = new Set(['fractional-indexing']);

const src = path.resolve(import.meta.dirname, '../src');
const importsOf = (file: string) =>
  [...readFileSync(path.join(src, file), 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map(
    (m) => m[1],
  );

describe('zod-free modules of the contract', () => {
  it.each(ZOD_FREE)('%s imports neither zod nor a module that does', (file) => {
    for (const spec of importsOf(file)) {
      if (spec.startsWith('./')) expect(ZOD_FREE, `${file} imports ${spec}`).toContain(`${spec.slice(2)}.ts`);
      else expect(ALLOWED_PACKAGES.has(spec), `${file} imports ${spec}`).toBe(true);
    }
  });
});
