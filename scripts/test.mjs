import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm test`: unit, component and API tests (Vitest), then end-to-end tests (Playwright with
 * Debian's Chromium, when present). Ends with the plain `N passed, N failed` line CI reads.
 */
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Suites that did not run, each with why; printed as one line before the totals. */
const skippedSuites = [];
let exitCode = 0;
/** The Lighthouse check's performance floor (mobile preset), for a loaded machine (docs/performance.md). */
const LIGHTHOUSE_FLOOR = 40;

function run(cmd, args, extraEnv = {}) {
  const started = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (r.status !== 0) exitCode = 1;
  // Each suite's wall time, so a slow machine's CI shows where its minutes went.
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`[npm test] ${[cmd, ...args].slice(0, 4).join(' ')}: exit ${r.status ?? r.signal} after ${seconds} s`);
  return r.status;
}

function addCounts(file) {
  if (!existsSync(file)) return false;
  const c = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
  rmSync(file);
  return true;
}

/**
 * Test files none of whose tests ran in any project (a file runs once per project), named with
 * their describe title, which says why (e.g. "… (PostgreSQL only: …)").
 */
function skippedVitestFiles(report) {
  const byFile = new Map();
  for (const file of report.testResults) {
    const tests = file.assertionResults;
    const skipped = tests.length > 0 && tests.every((t) => ['pending', 'skipped', 'todo'].includes(t.status));
    const name = path.relative(process.cwd(), file.name);
    const prev = byFile.get(name);
    const why = tests[0]?.ancestorTitles?.[0] ?? 'skipped';
    byFile.set(name, { skipped: (prev?.skipped ?? true) && skipped, why });
  }
  return [...byFile].filter(([, f]) => f.skipped).map(([name, f]) => `${name} (${f.why})`);
}

if (!process.env.TEST_DATABASE_URL) {
  skippedSuites.push('server:postgres, every API test again on PostgreSQL (TEST_DATABASE_URL is not set)');
}

// 1. Vitest (contract, server on PGlite and PostgreSQL, web).
const vitestJson = path.join(tmpdir(), `vitest-${process.pid}.json`);
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
  // Vitest also fails a run for unhandled errors outside any test: count that as one failure,
  // so the closing line never reads "0 failed" for a failed run.
  if (vitestStatus !== 0 && !r.numFailedTests && !r.numFailedTestSuites) totals.failed += 1;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  skippedSuites.push(...skippedVitestFiles(r));
  rmSync(vitestJson);
} else {
  totals.failed += 1;
}

// 2. Bundle budget: first-load JavaScript of /login and / (counted as one check).
if (run('node', ['scripts/check-bundle.mjs']) === 0) totals.passed += 1;
else totals.failed += 1;

// 3. The README's bench commands, each with the tiniest options it takes (issue 33.4; one check).
if (process.env.TEST_DATABASE_URL) {
  if (run('node', ['scripts/bench-smoke.mjs']) === 0) totals.passed += 1;
  else totals.failed += 1;
} else {
  skippedSuites.push(
    'bench commands (they need PostgreSQL: seed-scale and the bare handlers use pg; TEST_DATABASE_URL is not set)',
  );
}

// 4. Playwright end-to-end, against the built app on a throw-away data directory.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`No Chromium at ${chromium}: skipping the end-to-end tests (apt-get install chromium to run them).`);
  skippedSuites.push(`end-to-end (no Chromium at ${chromium})`);
  skippedSuites.push(`Lighthouse check (no Chromium at ${chromium})`);
} else {
  // 5. Lighthouse, mobile preset, on the production build (issue 33.5; one check, like the bundle
  //    budget): /login, /projects and a 500-task board must score accessibility 100 and
  //    performance at least the floor (docs/performance.md: the floor holds on a loaded CI
  //    machine; the target of 90 is for a quiet one). PostgreSQL when given, else PGlite.
  const floor = process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? String(LIGHTHOUSE_FLOOR);
  let db = 'pglite';
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/lh_check_${process.pid}`;
    db = url.toString();
  }
  const lighthouse = run('npx', [
    'tsx',
    'bench/lighthouse.ts',
    '--preset',
    'mobile',
    '--port',
    process.env.LIGHTHOUSE_PORT ?? '3196',
    '--web-dist',
    'apps/web/dist',
    '--db',
    db,
    '--check',
    floor,
  ]);
  if (lighthouse === 0) totals.passed += 1;
  else totals.failed += 1;

  const counts = path.join(tmpdir(), `pw-${process.pid}.json`);
  const dataDir = path.join(tmpdir(), `devmarket-e2e-${process.pid}`);
  run('npx', ['playwright', 'test'], { COUNTS_FILE: counts, E2E_DATA_DIR: dataDir });
  if (!addCounts(counts)) totals.failed += 1;
  rmSync(dataDir, { recursive: true, force: true });

  // 6. With PostgreSQL: the scale-out, messages and money journeys again, through two server
  //    instances on one fresh database, files in one S3 bucket, behind nginx (DESIGN §7, §18).
  if (process.env.TEST_DATABASE_URL) await runTwoInstances(process.env.TEST_DATABASE_URL);
  else skippedSuites.push('end-to-end through two instances (TEST_DATABASE_URL is not set)');
}

async function runTwoInstances(adminUrl) {
  const { default: pg } = await import('pg');
  const name = `devmarket_e2e_two_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const counts = path.join(tmpdir(), `pw-two-${process.pid}.json`);
  try {
    console.log('End-to-end journeys through two instances behind nginx, one PostgreSQL, one S3 bucket:');
    run('npx', ['playwright', 'test', 'e2e/scale-out.spec.ts', 'e2e/messages.spec.ts', 'e2e/money.spec.ts'], {
      COUNTS_FILE: counts,
      E2E_TWO_INSTANCES: '1',
      E2E_DATABASE_URL: url.toString(),
      E2E_PORT: process.env.E2E_TWO_PORT ?? '3190',
      E2E_DATA_DIR: path.join(tmpdir(), `devmarket-e2e-two-${process.pid}`),
    });
    if (!addCounts(counts)) totals.failed += 1;
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    rmSync(path.join(tmpdir(), `devmarket-e2e-two-${process.pid}`), { recursive: true, force: true });
  }
}

console.log(`Skipped suites: ${skippedSuites.length ? skippedSuites.join('; ') : 'none'}`);
if (totals.failed > 0) exitCode = 1;
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(exitCode);
