import { spawn } from 'node:child_process';
import http from 'node:http';
import { prepareE2E } from './e2e-prepare.mjs';

/**
 * Two server instances on one PostgreSQL behind a tiny round-robin proxy (DESIGN §7): the e2e
 * journeys that run through it prove that sessions, jobs and events need no sticky routing.
 * Env: DATABASE_URL (required), PORT (the proxy's), WEB_DIST (optional).
 */
const port = Number(process.env.PORT ?? 3100);
if (!process.env.DATABASE_URL) {
  console.error('two-instances: DATABASE_URL is required');
  process.exit(1);
}
const env = { ...process.env, SECRET: process.env.SECRET ?? 'two-instances-shared-secret-0123456789' };

prepareE2E(env);

const backends = [port + 1000, port + 2000];
const children = backends.map((p) =>
  spawn('npx', ['tsx', 'apps/server/src/server.ts'], { stdio: 'inherit', env: { ...env, PORT: String(p) } }),
);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

let next = 0;
const proxy = http.createServer((req, res) => {
  const target = backends[next++ % backends.length];
  const upstream = http.request(
    { host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers },
    (up) => {
      res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-instance': String(target) });
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ msg: 'Bad gateway', error: 'Bad Gateway' }));
  });
  req.pipe(upstream);
  // An event stream lives long: end the upstream when the browser goes away.
  res.on('close', () => upstream.destroy());
});

// Ready when both instances answer health.
async function waitFor(p) {
  for (let i = 0; i < 240; i++) {
    const ok = await new Promise((resolve) => {
      http
        .get({ host: '127.0.0.1', port: p, path: '/api/v1/health' }, (r) => {
          r.resume();
          resolve(r.statusCode === 200);
        })
        .on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance on ${p} did not start`);
}
await Promise.all(backends.map(waitFor));
proxy.listen(port, '127.0.0.1', () => console.log(`round-robin proxy on ${port} → ${backends.join(', ')}`));
