/**
 * Lighthouse scores (performance, accessibility, best practices) of /login, /projects and a
 * project board with 500 tasks, on a throw-away server serving the production build
 * (docs/performance.md). Drives Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH).
 *
 *   npx tsx bench/lighthouse.ts [--preset desktop|mobile] [--port 3197] [--web-dist DIR]
 *
 * It makes a PostgreSQL database lh_bench (postgres://postgres@127.0.0.1:5432), fills it with
 * `seed-demo`, adds 500 tasks to one project through the API, and audits each page signed in as
 * a demo client (the login page as a guest).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import pg from 'pg';
import puppeteer from 'puppeteer-core';

const argv = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) argv.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRESET = argv.get('preset') ?? 'desktop';
const PORT = Number(argv.get('port') ?? 3197);
const WEB_DIST = path.resolve(argv.get('web-dist') ?? path.join(ROOT, '.test-data/web-lighthouse'));
const PG = 'postgres://postgres@127.0.0.1:5432';
const DB = `${PG}/lh_bench`;
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function startServer(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATABASE_URL: DB,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lh-')),
      WEB_DIST,
      LOG_LEVEL: 'warn',
      AUTH_IP_LIMIT_PER_MINUTE: '10000',
    },
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/v1/health`)).ok) return proc;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  proc.kill();
  throw new Error('the server did not start');
}

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    run('npm', ['run', 'build', '-w', '@devmarket/web', '--', '--outDir', WEB_DIST, '--emptyOutDir']);
  }
  const admin = new pg.Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  await admin.query('drop database if exists lh_bench with (force)');
  await admin.query('create database lh_bench');
  await admin.end();
  run('npx', ['tsx', 'apps/server/src/cli.ts', 'seed-demo'], { DATABASE_URL: DB });

  const server = await startServer();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const scores: {
    page: string;
    performance: number;
    accessibility: number;
    bestPractices: number;
    lcp: string;
    tbt: string;
    cls: string;
  }[] = [];
  try {
    const { accessToken: token } = await api<{ accessToken: string }>('POST', '/auth/login', null, {
      email: 'clara@demo.devmarket.test',
      password: 'demo-password-123',
    });
    const owned = await api<{ id: string; handle: string }[]>('GET', '/projects/owned', token);
    const project = owned[0];
    const existing = await api<unknown[]>('GET', `/project/${project.id}/tasks`, token);
    for (let i = existing.length; i < 500; i++) {
      await api('POST', '/tasks', token, {
        projectID: project.id,
        summary: `${['Add login', 'Fix checkout bug', 'Write API tests', 'Set up CI', 'Design dashboard'][i % 5]} #${i}`,
        description: 'Made by bench/lighthouse.ts',
        ...(i % 3 === 0 ? { price: `${5 + (i % 40)}` } : {}),
      });
    }
    const count = (await api<unknown[]>('GET', `/project/${project.id}/tasks`, token)).length;
    console.log(`project ${project.handle}: ${count} tasks`);

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const pages: { name: string; url: string; signedIn: boolean }[] = [
      { name: '/login', url: `${BASE}/login`, signedIn: false },
      { name: '/projects', url: `${BASE}/projects`, signedIn: true },
      {
        name: `/project/${project.handle} (board, ${count} tasks)`,
        url: `${BASE}/project/${project.handle}`,
        signedIn: true,
      },
    ];
    for (const p of pages) {
      const page = await browser.newPage();
      if (p.signedIn) {
        // The workspace opens on the board when no other view was chosen in this browser.
        await page.setCookie({ name: 'AccessToken', value: token, url: BASE, sameSite: 'Lax' });
      } else {
        const client = await page.createCDPSession();
        await client.send('Network.clearBrowserCookies');
      }
      const result = await lighthouse(
        p.url,
        { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true },
        PRESET === 'desktop' ? desktopConfig : undefined,
        page,
      );
      if (!result) throw new Error(`no Lighthouse result for ${p.url}`);
      const { categories, audits } = result.lhr;
      const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
      scores.push({
        page: p.name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcp: audits['largest-contentful-paint']?.displayValue ?? '',
        tbt: audits['total-blocking-time']?.displayValue ?? '',
        cls: audits['cumulative-layout-shift']?.displayValue ?? '',
      });
      const failing = Object.values(audits).filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable',
      );
      console.log(`\n${p.name}: ${failing.map((a) => `${a.id} (${a.score})`).join(', ') || 'no failing audits'}`);
      writeFileSync(path.join(tmpdir(), `lighthouse-${scores.length}.json`), JSON.stringify(result.lhr));
      await page.close();
    }
    await browser.disconnect();
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
  }
  console.log(`\nLighthouse ${PRESET} preset, ${new Date().toISOString()}\n`);
  console.log('| page | performance | accessibility | best practices | LCP | TBT | CLS |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const s of scores) {
    console.log(
      `| ${s.page} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.lcp} | ${s.tbt} | ${s.cls} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
