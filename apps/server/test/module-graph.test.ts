import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The module map of DESIGN §1 and docs/architecture.md, checked over the import statements of
 * apps/server/src: other modules only through their face (index.ts), no two modules importing each
 * other, no cycle of modules, and every import pointing to a lower layer.
 *
 * LAYERS: a module may import a module of a strictly lower rank. The whole numbers are DESIGN §1's
 * layers; the decimals order the modules inside a layer (one direction, as they depend today).
 */
export const LAYERS: Record<string, number> = {
  // 1. infrastructure
  realtime: 1,
  jobs: 1,
  audit: 1,
  mail: 1.1, // queues its deliveries as jobs
  // 2.
  notifications: 2,
  // 3. the core
  ledger: 3,
  users: 3.1, // the account page shows the user's money summary
  auth: 3.2,
  // 4.
  payments: 4,
  // 5. the work
  messages: 5,
  tasks: 5.1, // a dispute posts into the task's thread
  files: 5.2,
  reviews: 5.2,
  disputes: 5.2,
  projects: 5.3, // a project's page and its deletion read its tasks and reviews
  applications: 5.4,
  invites: 5.5,
  webhooks: 5.6,
  matching: 5.6,
  // 6. read models and operators
  dashboard: 6,
  solvency: 6,
  admin: 6,
};

const src = path.resolve(import.meta.dirname, '../src');
const modulesDir = path.join(src, 'modules');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The module a file belongs to (null outside apps/server/src/modules/<m>/). */
function moduleOf(file: string): string | null {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

type Edge = { from: string; fromModule: string | null; to: string; toModule: string; face: boolean };

export function scanImports(root = src): Edge[] {
  const edges: Edge[] = [];
  for (const file of walk(root)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      const toModule = moduleOf(`${target}.ts`) ?? moduleOf(path.join(target, 'index.ts'));
      const fromModule = moduleOf(file);
      if (!toModule || toModule === fromModule) continue;
      const inside = path.relative(path.join(modulesDir, toModule), target);
      edges.push({
        from: path.relative(src, file),
        fromModule,
        to: path.relative(src, target),
        toModule,
        face: inside === '' || inside === 'index',
      });
    }
  }
  return edges;
}

export function moduleGraph(edges: Edge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!e.fromModule) continue;
    if (!graph.has(e.fromModule)) graph.set(e.fromModule, new Set());
    graph.get(e.fromModule)?.add(e.toModule);
  }
  return graph;
}

/** Strongly connected groups of more than one module (Tarjan). */
export function moduleCycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('module graph (DESIGN §1)', () => {
  const edges = scanImports();
  const graph = moduleGraph(edges);

  it('sees the modules and their imports (the scan is not empty)', () => {
    expect(graph.size).toBeGreaterThan(10);
    expect(graph.get('payments')?.has('ledger')).toBe(true);
  });

  it("has 0 imports of another module's internals (the route mount in modules/index.ts aside)", () => {
    const internals = edges
      .filter((e) => !e.face)
      // The composition root mounts each module's routes plugin; nothing else reaches in.
      .filter((e) => !(e.from === path.join('modules', 'index.ts') && e.to.endsWith('.routes')))
      .map((e) => `${e.from} -> ${e.to}`);
    expect(internals).toEqual([]);
  });

  it('has 0 pairs of modules importing each other', () => {
    const pairs: string[] = [];
    for (const [a, targets] of graph)
      for (const b of targets) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a} <-> ${b}`);
    expect(pairs).toEqual([]);
  });

  it('has no cycle of modules', () => {
    expect(moduleCycles(graph)).toEqual([]);
  });

  it('places every module in the layer table, and every import points to a lower layer', () => {
    const unknown = [...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])].filter((m) => !(m in LAYERS));
    expect([...new Set(unknown)]).toEqual([]);
    const upward: string[] = [];
    for (const [a, targets] of graph)
      for (const b of targets) if (!(LAYERS[b] < LAYERS[a])) upward.push(`${a} (${LAYERS[a]}) -> ${b} (${LAYERS[b]})`);
    expect(upward).toEqual([]);
  });

  it('the checks fire: a made-up mutual pair and cycle are found', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(moduleCycles(g)).toEqual([['a', 'b', 'c']]);
    expect(moduleCycles(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });
});
