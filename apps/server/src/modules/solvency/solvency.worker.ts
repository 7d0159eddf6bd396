import { Worker } from 'node:worker_threads';
import { type HashPace, hashSnapshot, type SnapshotHashInput } from './solvency.hash.mjs';

/**
 * How much a publish's hashing steps aside (a Linux nice value for its thread): at 10 it gets
 * about a tenth of a core that requests and payments also want, and every idle cycle. Lower
 * would starve it on a busy machine (the hourly publish must still finish well within its hour and
 * the 10 s target); higher gives the foreground little back.
 */
export const PUBLISH_NICE = 10;

const asBuffer = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

export type SnapshotHashesBuffers = {
  nonces: Buffer;
  positions: Buffer;
  byPosition: Buffer;
  levels: { hashes: Buffer; sums: Buffer }[];
  root: { hash: string; sum: bigint } | null;
};

const toBuffers = (out: ReturnType<typeof hashSnapshot>): SnapshotHashesBuffers => ({
  nonces: asBuffer(out.nonces),
  positions: asBuffer(out.positions),
  byPosition: asBuffer(out.byPosition),
  levels: out.levels.map((l) => ({ hashes: asBuffer(l.hashes), sums: asBuffer(l.sums) })),
  root: out.root,
});

/** The tree of DESIGN §15 from packed leaves, in this thread (ledger-check, tests). */
export const hashSnapshotHere = (input: SnapshotHashInput): SnapshotHashesBuffers => toBuffers(hashSnapshot(input));

/**
 * The same, in a worker thread at a lower priority: the event loop keeps answering while 200,000
 * hashes are computed, and the machine's other work goes first. A worker per publish (hourly): it
 * starts in ~25 ms of CPU and holds no memory between publishes. With a pace, it rests between
 * pieces of its work as the publish's reads do (`solvency.pace.ts`).
 */
export function hashSnapshotInWorker(
  input: SnapshotHashInput,
  pace: HashPace = { rest: 0, budgetMs: 0 },
  nice = PUBLISH_NICE,
): Promise<SnapshotHashesBuffers> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./solvency.hash.mjs', import.meta.url), {
      // Plain JavaScript: no TypeScript loader inherited from the parent (tsx) to start.
      execArgv: [],
      workerData: { solvencyHash: input, nice, pace },
    });
    worker.once('message', (out: ReturnType<typeof hashSnapshot>) => resolve(toBuffers(out)));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`solvency: the hashing worker stopped with code ${code}`));
    });
  });
}
