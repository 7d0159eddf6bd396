/**
 * The Merkle sum tree of DESIGN §15 as a publish builds it: packed bytes in, packed bytes out.
 * Plain JavaScript with no import but Node's own, so it also runs as a worker thread without a
 * TypeScript loader (a worker starts in ~25 ms of CPU instead of ~180 ms with tsx): a publish
 * hashes off the event loop, at a lower priority (`solvency.worker.ts` `hashSnapshotInWorker`).
 *
 * The texts hashed are §15's exactly; `solvency.tree.ts` `buildTree` (on the contract's text
 * functions) is the reference, and the tests compare the two and an independent verifier.
 */
import { hash, randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/**
 * Levels below this one are not stored: a proof rebuilds the 2^BLOCK_LEVELS (16) leaves of its
 * block and their 15 nodes (31 hashes, ~30 µs) instead. Levels 0–3 are 15/16 of a tree's nodes:
 * storing them was 7.5 MB of the 13 MB a 100,000-leaf snapshot wrote (and the WAL with it).
 */
export const BLOCK_LEVELS = 4;

const MICROS = 1_000_000n;
/** Micro-USDT → "150.000000" (the contract's formatSolvencyAmount). */
const amount = (micros) => `${micros / MICROS}.${(micros % MICROS).toString().padStart(6, '0')}`;
const bytes = (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
const uuidAt = (hex, i) => {
  const h = hex.substr(i * 32, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/**
 * @param {{ userIds: Uint8Array, balances: Uint8Array, nonces?: Uint8Array }} input 16 bytes of
 *   user id and 8 of balance (big-endian micro-USDT, > 0) per leaf, in any order (the caller's);
 *   16 bytes of nonce each, drawn here when not given.
 * @returns the nonces; `byPosition`, for each position in hash order the input index of the leaf
 *   there, and `positions`, its inverse (each 4 bytes big-endian); every level packed (32-byte
 *   hashes, 8-byte big-endian sums; level 0 = the leaves in hash order, the last = the root) and
 *   the root.
 * @param {{ rest: number, budgetMs: number }} [pace] in a worker thread: rest `rest` times as
 *   long as each piece of PIECE hashes took, while `budgetMs` lasts (solvency.pace.ts's rule).
 */
export function hashSnapshot(input, pace) {
  const rest = restsEvery(pace);
  const n = input.balances.byteLength / 8;
  const nonces = input.nonces ? bytes(input.nonces) : randomBytes(16 * n);
  const ids = bytes(input.userIds).toString('hex');
  const nonceHex = nonces.toString('hex');
  const balances = bytes(input.balances);
  const leafHash = new Array(n);
  for (let i = 0; i < n; i++) {
    const text = `leaf:${uuidAt(ids, i)}:${nonceHex.substr(i * 32, 32)}:${amount(balances.readBigUInt64BE(i * 8))}`;
    leafHash[i] = hash('sha256', text);
    if (i % PIECE === PIECE - 1) rest();
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (leafHash[a] < leafHash[b] ? -1 : 1));
  const positions = Buffer.alloc(4 * n);
  const byPosition = Buffer.alloc(4 * n);
  let hashes = new Array(n);
  let sums = new Array(n);
  for (let p = 0; p < n; p++) {
    const i = order[p];
    positions.writeUInt32BE(p, i * 4);
    byPosition.writeUInt32BE(i, p * 4);
    hashes[p] = leafHash[i];
    sums[p] = balances.readBigUInt64BE(i * 8);
  }
  const levels = [];
  while (hashes.length > 0) {
    levels.push(packLevel(hashes, sums));
    if (hashes.length === 1) break;
    const count = Math.ceil(hashes.length / 2);
    const upHashes = new Array(count);
    const upSums = new Array(count);
    for (let i = 0, j = 0; i < hashes.length; i += 2, j++) {
      if (i + 1 === hashes.length) {
        upHashes[j] = hashes[i]; // the last of an odd count is carried up unchanged
        upSums[j] = sums[i];
        continue;
      }
      upHashes[j] = hash('sha256', `node:${hashes[i]}:${amount(sums[i])}:${hashes[i + 1]}:${amount(sums[i + 1])}`);
      upSums[j] = sums[i] + sums[i + 1];
      if (j % PIECE === PIECE - 1) rest();
    }
    hashes = upHashes;
    sums = upSums;
  }
  const root = n === 0 ? null : { hash: hashes[0], sum: sums[0] };
  return { nonces, positions, byPosition, levels, root };
}

/** Hashes per piece of work between rests. */
const PIECE = 8192;

/**
 * A rest between pieces for a worker thread, which may block: Atomics.wait sleeps it without
 * spinning. Without a pace (or on the main thread, where blocking would stop every request) it
 * never rests.
 */
function restsEvery(pace) {
  if (!pace || pace.rest <= 0 || isMainThread) return () => {};
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const start = performance.now();
  let since = start;
  return () => {
    const now = performance.now();
    const ms = Math.min((now - since) * pace.rest, pace.budgetMs - (now - start));
    if (ms >= 1) Atomics.wait(cell, 0, 0, ms);
    since = performance.now();
  };
}

function packLevel(hashes, sums) {
  const packedSums = Buffer.alloc(sums.length * 8);
  for (let i = 0; i < sums.length; i++) packedSums.writeBigUInt64BE(sums[i], i * 8);
  return { hashes: Buffer.from(hashes.join(''), 'hex'), sums: packedSums };
}

/**
 * Linux keeps a nice value per thread: this lowers only the worker's, so the instance's requests
 * and payments go first and the publish takes the CPU they leave. Elsewhere it does nothing.
 */
function lowerPriority(nice) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {}
}

if (!isMainThread && workerData?.solvencyHash) {
  lowerPriority(workerData.nice);
  const out = hashSnapshot(workerData.solvencyHash, workerData.pace);
  // Moved, not copied: every buffer that owns its memory (small ones share Node's pool).
  const owned = [out.nonces, out.positions, out.byPosition, ...out.levels.flatMap((l) => [l.hashes, l.sums])].filter(
    (b) => b.byteOffset === 0 && b.byteLength === b.buffer.byteLength,
  );
  parentPort.postMessage(
    out,
    owned.map((b) => b.buffer),
  );
}
