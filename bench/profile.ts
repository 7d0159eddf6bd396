/**
 * CPU profile of one server under load on one endpoint of bench/api.ts, to find what our stack
 * spends per request (docs/performance.md):
 *
 *   npx tsx bench/profile.ts messages [ours|bare] [--db URL] [--connections 100] [--duration 10] [--top 40]
 *
 * The server runs with `node --cpu-prof`; after the load it exits and this prints the functions
 * with the most self time, then the same grouped by package (or our source file): as a share of
 * the measured run's samples and as CPU microseconds per request (comparable between ours and
 * bare even when the machine is shared; start-up and warm-up are left out).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { endpoints, requestsFor } from './api';
import { DEFAULT_DB, prepareActors } from './api-setup';

const [name, kind = 'ours'] = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
const opt = (key: string, fallback: string) => {
  const i = process.argv.indexOf(`--${key}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DB = opt('db', process.env.DATABASE_URL ?? DEFAULT_DB);
const HERE = path.dirname(fileURLToPath(import.meta.url));

type CallFrame = { functionName: string; url: string; lineNumber: number };
type Profile = {
  nodes: { id: number; callFrame: CallFrame }[];
  samples: number[];
  startTime: number;
  timeDeltas: number[];
};
/** The measured run: CLOCK_MONOTONIC in µs (the profile's clock) and how many requests it answered. */
type Window = { from: number; to: number; requests: number };

function report(file: string, top: number, window: Window) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  // Only the samples of the measured run (not start-up or the warm-up), so that shares and the
  // CPU time per request compare across runs and servers whatever else the machine does.
  let t = profile.startTime;
  const samples: number[] = [];
  let busy = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    if (t < window.from || t > window.to) return;
    samples.push(id);
    if (frames.get(id)?.functionName !== '(idle)') busy++;
  });
  profile.samples = samples;
  const interval = (window.to - window.from) / Math.max(1, samples.length);
  console.log(
    `${samples.length} samples in the run, ${(100 * (1 - busy / Math.max(1, samples.length))).toFixed(0)} % idle; CPU per request ${((busy * interval) / window.requests).toFixed(0)} µs`,
  );
  for (const id of profile.samples) {
    const cf = frames.get(id) as CallFrame;
    const file = cf.url.replace(/^file:\/\//, '').replace(`${path.resolve(HERE, '..')}/`, '');
    const pkg = file.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? (file || cf.functionName);
    add(byFunction, `${cf.functionName || '(anonymous)'} ${file.replace(/.*node_modules\//, '')}:${cf.lineNumber + 1}`);
    add(byPackage, pkg);
  }
  const print = (m: Map<string, number>, n: number) => {
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      const perRequest = ((v * interval) / window.requests).toFixed(1);
      console.log(
        `${((100 * v) / profile.samples.length).toFixed(1).padStart(5)} %  ${perRequest.padStart(6)} µs  ${k}`,
      );
    }
  };
  console.log('\nself time by function');
  print(byFunction, top);
  console.log('\nself time by package or file');
  print(byPackage, 25);
}

async function main() {
  const ep = endpoints.find((e) => e.name === name);
  if (!ep || (kind !== 'ours' && kind !== 'bare')) {
    console.error(`usage: npx tsx bench/profile.ts <${endpoints.map((e) => e.name).join('|')}> [ours|bare]`);
    process.exit(2);
  }
  const actors = await prepareActors(DB);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-profile-'));
  const server = spawn(
    process.execPath,
    [`--cpu-prof`, `--cpu-prof-dir=${dir}`, '--import', 'tsx', path.join(HERE, 'api-servers.ts'), kind, DB],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    server.stdout?.on('data', (d) => {
      out += d;
      const m = out.match(/listening (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const setupRequest = requestsFor(ep, actors, 0);
  const run = (seconds: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: Number(opt('connections', '100')),
      duration: seconds,
      requests: [{ setupRequest }],
    });
  await run(3);
  const from = Number(process.hrtime.bigint() / 1000n);
  const result = await run(Number(opt('duration', '10')));
  const to = Number(process.hrtime.bigint() / 1000n);
  console.log(`${ep.label} on ${kind}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms`);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  const [file] = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  report(path.join(dir, file), Number(opt('top', '40')), { from, to, requests: result.requests.total });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
