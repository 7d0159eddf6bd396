/**
 * Finding a user's leaf in a snapshot (DESIGN §15 proofs): the snapshot's user ids are stored in
 * ascending order, so a proof binary-searches them. The latest snapshots' ids, which one stands
 * at each position and its inverse (about 2.4 MB per 100,000 leaves) are kept in memory: the
 * instance that publishes one keeps what it wrote, any other reads it once. A snapshot never
 * changes, so its id is the cache key.
 */
export type LeafIndex = { userIds: Buffer; byPosition: Buffer; positions: Buffer };

/** `positions` from `byPosition` (its inverse: for each user, the position of their leaf). */
export function withPositions(index: { userIds: Buffer; byPosition: Buffer }): LeafIndex {
  const positions = Buffer.alloc(index.byPosition.length);
  for (let p = 0; p < index.byPosition.length / 4; p++)
    positions.writeUInt32BE(p, index.byPosition.readUInt32BE(p * 4) * 4);
  return { ...index, positions };
}

/** The user id (text) at an index of the snapshot's user ids. */
export function userIdAt(index: LeafIndex, i: number): string {
  const h = index.userIds.toString('hex', i * 16, i * 16 + 16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const KEPT = 2;
const cache = new Map<string, Promise<LeafIndex | undefined>>();

function keep(snapshotId: string, entry: Promise<LeafIndex | undefined>) {
  cache.delete(snapshotId);
  cache.set(snapshotId, entry);
  while (cache.size > KEPT) cache.delete(cache.keys().next().value as string);
}

/** Keeps a snapshot's index as just written (the publishing instance). */
export const rememberLeafIndex = (snapshotId: string, index: LeafIndex) => keep(snapshotId, Promise.resolve(index));

/** A snapshot's index from memory, or read once by `load` (concurrent proofs share the read). */
export function leafIndexFor(
  snapshotId: string,
  load: () => Promise<LeafIndex | undefined>,
): Promise<LeafIndex | undefined> {
  const hit = cache.get(snapshotId);
  if (hit) return hit;
  const entry = load();
  keep(snapshotId, entry);
  entry.catch(() => cache.delete(snapshotId));
  return entry;
}

/** Where a user's leaf is in the index (by user id) and in the tree (by hash), or null when absent. */
export function findLeaf(index: LeafIndex, userId: string): { index: number; position: number } | null {
  const id = Buffer.from(userId.replace(/-/g, ''), 'hex');
  if (id.length !== 16) return null;
  let lo = 0;
  let hi = index.userIds.length / 16 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = id.compare(index.userIds, mid * 16, mid * 16 + 16);
    if (c === 0) return { index: mid, position: index.positions.readUInt32BE(mid * 4) };
    if (c < 0) hi = mid - 1;
    else lo = mid + 1;
  }
  return null;
}
