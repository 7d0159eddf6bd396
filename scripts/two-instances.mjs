import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { prepareE2E } from './e2e-prepare.mjs';

/**
 * Scale-out as production runs it (DESIGN §7, §18): two server instances on one PostgreSQL, each
 * with a DATA_DIR of its own, files in one S3-compatible bucket (s3rver), behind nginx from
 * Debian's packages doing plain round robin (no sticky sessions, the event stream unbuffered).
 * The e2e journeys that run through it prove that sessions, uploads, downloads, jobs and events
 * need nothing from the instance that served the previous request. Every answer carries the
 * instance that served it in `X-Instance`.
 * Env: DATABASE_URL (required), PORT (the proxy's), DATA_DIR, WEB_DIST (optional), NGINX (binary).
 */
const port = Number(process.env.PORT ?? 3100);
if (!process.env.DATABASE_URL) {
  console.error('two-instances: DATABASE_URL is required');
  process.exit(1);
}
const work = mkdtempSync(path.join(tmpdir(), 'devmarket-two-'));
const dataRoot = process.env.DATA_DIR ?? path.join(work, 'data');

// One bucket both instances use; nothing of a file stays on an instance's disk.
const bucket = 'devmarket-e2e';
const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: path.join(work, 's3'),
  configureBuckets: [{ name: bucket, configs: [] }],
});
const s3Address = await s3.run();
const env = {
  ...process.env,
  SECRET: process.env.SECRET ?? 'two-instances-shared-secret-0123456789',
  S3_BUCKET: bucket,
  S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
  // The proxy is the only way in: trust its X-Forwarded-* for the client's address.
  TRUST_PROXY: 'true',
};

prepareE2E({ ...env, DATA_DIR: path.join(dataRoot, 'cli') });

const backends = [port + 1000, port + 2000];
const children = backends.map((p, i) =>
  spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: String(p), DATA_DIR: path.join(dataRoot, `instance-${i + 1}`) },
  }),
);

// nginx: round robin over both, HTTP/1.1 upstream, no buffering either way (the event stream
// must flow as it is written, uploads stream through), X-Instance naming the upstream.
const temp = (name) => {
  const d = path.join(work, name);
  mkdirSync(d, { recursive: true });
  return d;
};
const asRoot = process.getuid?.() === 0;
const conf = path.join(work, 'nginx.conf');
writeFileSync(
  conf,
  `${asRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${path.join(work, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream devmarket {
    server 127.0.0.1:${backends[0]};
    server 127.0.0.1:${backends[1]};
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 200m;
    location / {
      proxy_pass http://devmarket;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      # The app's HTML carries long Link (module preloads) and CSP headers: more than nginx's
      # default 4–8 KB header buffer, which answers 502 "upstream sent too big header".
      proxy_buffer_size 64k;
      proxy_buffers 8 64k;
      proxy_busy_buffers_size 128k;
      proxy_request_buffering off;
      proxy_read_timeout 1h;
      add_header X-Instance $upstream_addr always;
    }
  }
}
`,
);

let nginx;
const stop = async () => {
  nginx?.kill('SIGQUIT');
  for (const c of children) c.kill('SIGTERM');
  await s3.close().catch(() => {});
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

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
nginx = spawn(process.env.NGINX ?? 'nginx', ['-c', conf, '-p', work], { stdio: 'inherit' });
nginx.on('exit', (code) => {
  console.error(`two-instances: nginx exited (${code})`);
  void stop();
});
console.log(`nginx round robin on ${port} → ${backends.join(', ')}`);
