import { randomBytes } from 'node:crypto';
import { formatSolvencyAmount, type Solvency, type SolvencyProof } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { enqueueJob, type JobRegistry } from '../jobs';
import { type SnapshotRow, solvencyRepo } from './solvency.repo';
import { buildTree, buildTreeInSlices, leafOf, packLevel, siblingsOf } from './solvency.tree';

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

/**
 * Publishes a snapshot of what the platform owes its users (DESIGN §15). Balances are read in one
 * REPEATABLE READ transaction with the ledger's total user liability, so the root's sum is that
 * total at that instant; a ledger whose caches disagree with its entries is not published. The
 * tree is built outside any transaction and stored in a second one (payments never wait on it).
 */
export async function publishSnapshot(ctx: AppContext): Promise<Solvency> {
  const publishedAt = ctx.now();
  const { balances, liability } = await ctx.db.transaction(
    async (tx) => ({
      balances: await solvencyRepo.positiveBalances(tx),
      liability: await solvencyRepo.liability(tx),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (liability.cached !== liability.entries) {
    throw new Error(
      `solvency: cached user balances sum to ${liability.cached} but their entries to ${liability.entries}; not published`,
    );
  }
  const nonces = randomBytes(16 * balances.length).toString('hex');
  const tree = await buildTreeInSlices(
    balances.map((b, i) => ({
      userId: b.user_id,
      nonce: nonces.slice(i * 32, i * 32 + 32),
      balance: BigInt(b.balance),
    })),
  );
  if (tree.root.sum !== liability.cached) {
    throw new Error(
      `solvency: the tree sums to ${tree.root.sum} but users are owed ${liability.cached}; not published`,
    );
  }
  const row = await ctx.db.transaction((tx) =>
    solvencyRepo.insertSnapshot(tx, {
      publishedAt,
      rootHash: tree.root.hash,
      rootSum: tree.root.sum,
      ledgerTotal: liability.cached,
      leaves: tree.leaves,
      levels: tree.levels.map(packLevel),
    }),
  );
  return toSolvency(row);
}

/** GET /solvency: the latest snapshot; 404 before the first. */
export async function getSolvency(ctx: AppContext): Promise<Solvency> {
  const s = await solvencyRepo.latest(ctx.db);
  if (!s) throw notFound(SOLVENCY_MSG.noSnapshot);
  return toSolvency(s);
}

/** GET /user/solvency-proof: the user's leaf and path in the latest snapshot (two indexed reads). */
export async function getSolvencyProof(ctx: AppContext, userId: string): Promise<SolvencyProof> {
  const s = await solvencyRepo.latest(ctx.db);
  if (!s) throw notFound(SOLVENCY_MSG.noSnapshot);
  const leafRow = await solvencyRepo.leafOf(ctx.db, s.id, userId);
  if (!leafRow) throw notFound(SOLVENCY_MSG.notIncluded);
  const leaf = leafOf({ userId, nonce: leafRow.nonce, balance: BigInt(leafRow.balance) });
  const siblings = siblingsOf(leafRow.position, s.leafCount);
  const nodes = await solvencyRepo.nodes(ctx.db, s.id, siblings);
  const byLevel = new Map(nodes.map((n) => [n.level, n]));
  return {
    publishedAt: s.publishedAt.toISOString(),
    leaf: {
      userId,
      nonce: leaf.nonce,
      balance: formatSolvencyAmount(leaf.balance),
      hash: leaf.hash,
      sum: formatSolvencyAmount(leaf.sum),
    },
    path: siblings.map((sib) => {
      const n = byLevel.get(sib.level);
      if (!n) throw new Error(`solvency: snapshot ${s.id} lacks level ${sib.level}`);
      return { side: sib.side, hash: n.hash, sum: formatSolvencyAmount(BigInt(n.sum)) };
    }),
    root: { hash: s.rootHash, sum: formatSolvencyAmount(s.rootSum) },
  };
}

/**
 * ledger-check's part (DESIGN §15): the latest snapshot, rebuilt from its kept leaves, has the
 * published root, its stored levels (what proofs read) are that tree's, and its sum equals the
 * ledger's total user liability read in the snapshot's own transaction.
 */
export async function checkLatestSnapshot(exec: Executor): Promise<{ checked: boolean; problems: string[] }> {
  const s = await solvencyRepo.latest(exec);
  if (!s) return { checked: false, problems: [] };
  const problems: string[] = [];
  const rows = await solvencyRepo.leavesOf(exec, s.id);
  const tree = buildTree(rows.map((r) => ({ userId: r.user_id, nonce: r.nonce, balance: BigInt(r.balance) })));
  const name = `snapshot of ${s.publishedAt.toISOString()}`;
  if (rows.length !== s.leafCount) problems.push(`${name} has ${rows.length} leaves, published ${s.leafCount}`);
  if (tree.root.hash !== s.rootHash)
    problems.push(`${name}: its leaves hash to ${tree.root.hash}, published ${s.rootHash}`);
  if (tree.root.sum !== s.rootSum) problems.push(`${name}: its leaves sum to ${tree.root.sum}, published ${s.rootSum}`);
  if (s.rootSum !== s.ledgerTotal)
    problems.push(`${name}: root sum ${s.rootSum} differs from the ledger's user liability then, ${s.ledgerTotal}`);
  rows.forEach((r, i) => {
    if (r.position !== i || tree.leaves[i]?.userId !== r.user_id)
      problems.push(`${name}: leaf ${i} is out of hash order`);
  });
  const stored = await solvencyRepo.levelsOf(exec, s.id);
  const packed = tree.levels.map(packLevel);
  if (stored.length !== packed.length)
    problems.push(`${name} stores ${stored.length} levels, its tree has ${packed.length}`);
  stored.forEach((l, i) => {
    if (packed[i]?.hashes !== l.hashes || packed[i]?.sums !== l.sums)
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
