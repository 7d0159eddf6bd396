import { formatSolvencyAmount, type Solvency } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { enqueueJob, type JobRegistry } from '../jobs';
import { type SnapshotRow, solvencyRepo } from './solvency.repo';
import { BLOCK_LEVELS } from './solvency.hash.mjs';
import { rememberLeafIndex } from './solvency.lookup';
import { createPace, type Pace, PUBLISH_REST } from './solvency.pace';
import { EMPTY_ROOT } from './solvency.tree';
import { hashSnapshotHere, hashSnapshotInWorker } from './solvency.worker';

export const SOLVENCY_JOB = 'solvency-publish';
const HOUR_MS = 3_600_000;

export const SOLVENCY_MSG = {
  noSnapshot: 'No snapshot has been published yet',
  notIncluded: 'Your balance is not in the latest snapshot',
} as const;

const toSolvency = (s: SnapshotRow): Solvency => ({
  publishedAt: s.publishedAt.toISOString(),
  currency: 'USDT',
  root: { hash: s.rootHash, sum: formatSolvencyAmount(s.rootSum) },
  leaves: s.leafCount,
});

/** Users per piece of the balance read, and pages (8 kB) per piece of the entries' sum. */
const PIECES = { users: 10_000, pages: 1_000 };
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * Every user's balance above zero, packed in user-id order, with the ledger's total user
 * liability from the cached balances and from the journal entries: read in pieces with rests
 * between them (`solvency.pace.ts`), all in the caller's one transaction and so its one snapshot.
 */
async function readLiabilities(tx: Tx, pace: Pace, size: typeof PIECES) {
  const pieces: Buffer[] = [];
  let total = 0n;
  for (let after = NIL_UUID; ; ) {
    const piece = await solvencyRepo.balancesAfter(tx, after, size.users);
    pieces.push(piece.leaves);
    total += piece.total;
    await pace.rest();
    if (piece.users < size.users || !piece.last) break;
    after = piece.last;
  }
  const leaves = Buffer.concat(pieces);
  const n = leaves.length / 24;
  const userIds = Buffer.alloc(16 * n);
  const balances = Buffer.alloc(8 * n);
  for (let i = 0; i < n; i++) {
    leaves.copy(userIds, i * 16, i * 24, i * 24 + 16);
    leaves.copy(balances, i * 8, i * 24 + 16, i * 24 + 24);
  }
  let entries = 0n;
  const pages = await solvencyRepo.entryPages(tx);
  for (let from = 0; from < pages; from += size.pages) {
    entries += await solvencyRepo.entriesTotal(tx, { from, to: Math.min(pages, from + size.pages) });
    await pace.rest();
  }
  return { userIds, balances, total, entries };
}

/**
 * Publishes a snapshot of what the platform owes its users (DESIGN §15). Balances are read in one
 * REPEATABLE READ transaction with the ledger's total user liability, so the root's sum is that
 * total at that instant; a ledger whose caches disagree with its entries is not published. The
 * tree is hashed outside any transaction, in a worker thread at a lower priority, and stored in a
 * second transaction (payments never wait on it). On PostgreSQL the publish paces itself, resting
 * between pieces of its work, so payments beside it keep most of their throughput
 * (docs/performance.md "Proof of liabilities"); `rest` 0 publishes at full speed, and `pieces`
 * sets the pieces' sizes (tests read a few users at a time).
 */
export async function publishSnapshot(
  ctx: AppContext,
  opts: { rest?: number; pieces?: typeof PIECES } = {},
): Promise<Solvency> {
  const publishedAt = ctx.now();
  // PGlite has one connection: a read transaction that rests would hold every request up.
  const pace = createPace(ctx.database.kind === 'postgres' ? (opts.rest ?? PUBLISH_REST) : 0);
  const read = await ctx.db.transaction(
    async (tx) => {
      await solvencyRepo.asBackgroundRead(tx);
      return readLiabilities(tx, pace, opts.pieces ?? PIECES);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (read.total !== read.entries) {
    throw new Error(
      `solvency: cached user balances sum to ${read.total} but their entries to ${read.entries}; not published`,
    );
  }
  const tree = await hashSnapshotInWorker({ userIds: read.userIds, balances: read.balances }, pace.forWorker);
  pace.skip();
  const root = tree.root ?? EMPTY_ROOT;
  if (root.sum !== read.total) {
    throw new Error(`solvency: the tree sums to ${root.sum} but users are owed ${read.total}; not published`);
  }
  const leaves = { userIds: read.userIds, byPosition: tree.byPosition, nonces: tree.nonces, balances: read.balances };
  const row = await ctx.db.transaction((tx) =>
    solvencyRepo.insertSnapshot(tx, {
      publishedAt,
      rootHash: root.hash,
      rootSum: root.sum,
      ledgerTotal: read.total,
      leafCount: read.balances.length / 8,
      leaves,
      levels: tree.levels.slice(BLOCK_LEVELS).map((l, i) => ({ level: BLOCK_LEVELS + i, ...l })),
    }),
  );
  rememberLeafIndex(row.id, { ...leaves, positions: tree.positions });
  return toSolvency(row);
}

/** GET /solvency: the latest snapshot; 404 before the first. */
export async function getSolvency(ctx: AppContext): Promise<Solvency> {
  const s = await solvencyRepo.latest(ctx.db);
  if (!s) throw notFound(SOLVENCY_MSG.noSnapshot);
  return toSolvency(s);
}

/** True when each 16-byte id is above the one before it (ascending, no user twice). */
function ascending(userIds: Buffer): boolean {
  for (let i = 16; i < userIds.length; i += 16) if (userIds.compare(userIds, i - 16, i, i, i + 16) <= 0) return false;
  return true;
}

/**
 * ledger-check's part (DESIGN §15): the latest snapshot, rebuilt from its kept leaves (user, nonce,
 * balance), has the published root, the kept positions and stored levels (what proofs read) are
 * that tree's, and its sum equals the ledger's total user liability read in the snapshot's own
 * transaction.
 */
export async function checkLatestSnapshot(exec: Executor): Promise<{ checked: boolean; problems: string[] }> {
  const s = await solvencyRepo.latest(exec);
  if (!s) return { checked: false, problems: [] };
  const problems: string[] = [];
  const name = `snapshot of ${s.publishedAt.toISOString()}`;
  const set = await solvencyRepo.leafSetOf(exec, s.id);
  if (!set) return { checked: true, problems: [`${name} has no leaves stored`] };
  const count = set.balances.length / 8;
  const sizes = [set.userIds.length / 16, set.nonces.length / 16, set.byPosition.length / 4];
  if (count !== s.leafCount || sizes.some((x) => x !== count))
    problems.push(`${name} has ${count} leaves, published ${s.leafCount}`);
  if (!ascending(set.userIds)) problems.push(`${name}: its leaves are not in user order`);
  const empty = Array.from({ length: count }, (_, i) => i).find((i) => set.balances.readBigInt64BE(i * 8) <= 0n);
  if (empty !== undefined) problems.push(`${name}: leaf ${empty} (in user order) has no balance`);
  if (problems.length > 0) return { checked: true, problems };
  const tree = hashSnapshotHere(set);
  const root = tree.root ?? EMPTY_ROOT;
  if (root.hash !== s.rootHash) problems.push(`${name}: its leaves hash to ${root.hash}, published ${s.rootHash}`);
  if (root.sum !== s.rootSum) problems.push(`${name}: its leaves sum to ${root.sum}, published ${s.rootSum}`);
  if (s.rootSum !== s.ledgerTotal)
    problems.push(`${name}: root sum ${s.rootSum} differs from the ledger's user liability then, ${s.ledgerTotal}`);
  if (!tree.byPosition.equals(set.byPosition)) problems.push(`${name}: its leaves' positions are not their hash order`);
  const stored = await solvencyRepo.levelsOf(exec, s.id);
  const expected = Math.max(0, tree.levels.length - BLOCK_LEVELS);
  if (stored.length !== expected)
    problems.push(`${name} stores ${stored.length} levels, its tree has ${expected} to store`);
  stored.forEach((l, i) => {
    const built = tree.levels[BLOCK_LEVELS + i];
    if (l.level !== BLOCK_LEVELS + i || !built?.hashes.equals(l.hashes) || !built.sums.equals(l.sums))
      problems.push(`${name}: stored level ${l.level} differs from its tree`);
  });
  return { checked: true, problems };
}

/** The hour a run belongs to (its dedupe key: one publish per hour across instances). */
const hourKey = (at: Date) => `${SOLVENCY_JOB}:${new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString()}`;

/** Queues the next hourly publish, at the next full hour (idempotent per hour). */
export async function scheduleNextSnapshot(ctx: AppContext): Promise<void> {
  const runAt = new Date((Math.floor(ctx.now().getTime() / HOUR_MS) + 1) * HOUR_MS);
  await enqueueJob(ctx.db, { kind: SOLVENCY_JOB, payload: {}, runAt, dedupeKey: hourKey(runAt) });
}

/**
 * At start: with no snapshot, or none this hour, publish now; the next full hour is queued in
 * any case. Several instances starting at once queue one job per hour (dedupe key).
 */
export async function ensureSnapshotSchedule(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const latest = await solvencyRepo.latest(ctx.db);
  if (!latest || hourKey(latest.publishedAt) !== hourKey(now)) {
    await enqueueJob(ctx.db, { kind: SOLVENCY_JOB, payload: {}, runAt: now, dedupeKey: hourKey(now) });
  }
  await scheduleNextSnapshot(ctx);
}

/** The hourly job: publish, then queue the next hour's. */
export async function runSnapshotJob(ctx: AppContext): Promise<void> {
  await publishSnapshot(ctx);
  await scheduleNextSnapshot(ctx);
}

/** This module's job kinds (registered with the runner by the app's job registry). */
export const solvencyJobs: JobRegistry = { [SOLVENCY_JOB]: { run: (ctx) => runSnapshotJob(ctx) } };
