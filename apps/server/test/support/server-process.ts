import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Every line the process wrote (pino JSON lines and plain warnings). */
  output: string[];
  /** Resolves with the exit code (or signal name) once the process ended. */
  exited: Promise<number | string>;
  alive: () => boolean;
  stop: () => Promise<void>;
};

/**
 * Runs `apps/server/src/server.ts` as its own process (as `npm start` does), waits until
 * /api/v1/health answers 200 and collects its output.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // `node --import tsx`, not the tsx wrapper: signals reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: PGlite opens and migrates in seconds, but a loaded CI machine can take half a minute.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (ended) throw new Error(`server exited during start:\n${output.join('\n')}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    url,
    output,
    exited,
    alive: () => !ended,
    stop: async () => {
      if (ended) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
