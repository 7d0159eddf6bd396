/**
 * How much memory 1,000 open event streams cost one server instance.
 *
 *   npx tsx bench/sse-connections.ts                      # starts its own server (PGlite, temp DATA_DIR)
 *   npx tsx bench/sse-connections.ts --url http://127.0.0.1:3000 --pid 1234 [--connections 1000]
 *
 * With --url/--pid it runs against a started server (whose AUTH_IP_LIMIT_PER_MINUTE must allow
 * the sign-ups; pass a staff account with --staff-email/--staff-password) and reads that process's resident memory from /proc/<pid>/status. It signs up
 * users (a stream per user is capped, so 1,000 streams need 100 users), opens the streams with
 * node's http client, pushes messages through them, closes them, and prints the server's RSS at
 * each step and the cost per stream.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const CONNECTIONS = Number(args.get('connections') ?? 1000);
const PER_USER = 10;
const STAFF = {
  email: args.get('staff-email') ?? 'bench-staff@example.com',
  password: args.get('staff-password') ?? 'bench-staff-password',
};

http.globalAgent.maxSockets = Number.POSITIVE_INFINITY;
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function json(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function startServer(): Promise<{ base: string; pid: number; child: ChildProcess }> {
  const port = Number(args.get('port') ?? 3199);
  const dataDir = path.join(tmpdir(), `devmarket-bench-${randomBytes(4).toString('hex')}`);
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  await new Promise<void>((resolve, reject) => {
    const cli = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli.ts',
        'create-staff',
        '--email',
        STAFF.email,
        '--password',
        STAFF.password,
      ],
      { env, stdio: 'ignore' },
    );
    cli.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`create-staff exited ${code}`))));
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_IP_LIMIT_PER_MINUTE: '100000',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return { base, pid: child.pid as number, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the server did not start');
}

type Stream = { received: number; close: () => void };

function openStream(base: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/v1/events`, { agent, headers: { cookie: `AccessToken=${token}` } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      const stream: Stream = { received: 0, close: () => req.destroy() };
      res.on('data', (chunk: Buffer) => {
        stream.received += chunk.toString().split('data: ').length - 1;
      });
      res.on('error', () => {});
      resolve(stream);
    });
    req.on('error', reject);
  });
}

async function inBatches<T>(n: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const own = args.has('url') ? null : await startServer();
  const base = args.get('url') ?? own?.base ?? '';
  const pid = Number(args.get('pid') ?? own?.pid);
  try {
    const users = await inBatches(Math.ceil(CONNECTIONS / PER_USER), 4, async () => {
      const s = randomBytes(5).toString('hex');
      const { accessToken } = await json(base, 'POST', '/auth/sign-up', {
        email: `bench-${s}@example.com`,
        password: `bench-${s}-password`,
        firstName: 'Bench',
        lastName: s,
        tos: true,
      });
      const me = await json(base, 'GET', '/user', undefined, accessToken);
      return { token: accessToken as string, id: me.id as string };
    });
    await settle(1000);
    const before = rssMb(pid);

    const streams = await inBatches(CONNECTIONS, 100, (i) => openStream(base, users[Math.floor(i / PER_USER)].token));
    await settle(2000);
    const open = rssMb(pid);

    // Traffic through every stream: the staff account messages each user three times.
    const staff = await json(base, 'POST', '/auth/login', STAFF);
    let sent = 0;
    for (let round = 0; round < 3; round++) {
      await inBatches(users.length, 10, async (i) => {
        await json(base, 'POST', '/messages', { to: users[i].id, text: `Bench message ${round}` }, staff.accessToken);
        sent++;
      });
    }
    await settle(1000);
    const afterTraffic = rssMb(pid);
    const delivered = streams.reduce((n, s) => n + s.received, 0);

    for (const s of streams) s.close();
    await settle(3000);
    const closed = rssMb(pid);

    const perStreamKb = ((open - before) * 1024) / CONNECTIONS;
    console.log(`server RSS with 0 streams:              ${before.toFixed(1)} MB`);
    console.log(`server RSS with ${CONNECTIONS} streams open:      ${open.toFixed(1)} MB`);
    console.log(`  after ${sent} messages (${delivered} deliveries): ${afterTraffic.toFixed(1)} MB`);
    console.log(`server RSS after closing them:          ${closed.toFixed(1)} MB`);
    console.log(`cost per open stream:                   ${perStreamKb.toFixed(1)} KB`);
  } finally {
    own?.child.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
