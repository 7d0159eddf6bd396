import { formatSolvencyAmount, type SolvencyProof } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { BLOCK_LEVELS } from './solvency.hash.mjs';
import { findLeaf, leafIndexFor, userIdAt, withPositions } from './solvency.lookup';
import { solvencyRepo } from './solvency.repo';
import { SOLVENCY_MSG } from './solvency.service';
import { leafOf, levelAbove, siblingsOf, type TreeNode } from './solvency.tree';

/**
 * GET /user/solvency-proof: the user's leaf and path in the latest snapshot. The leaf is found in
 * the snapshot's user ids (kept in memory); the leaves of its block of 16 (rebuilt here: levels
 * 0–3 are not stored) and the stored siblings above are one statement.
 */
export async function getSolvencyProof(ctx: AppContext, userId: string): Promise<SolvencyProof> {
  const s = await solvencyRepo.latest(ctx.db);
  if (!s) throw notFound(SOLVENCY_MSG.noSnapshot);
  const index = await leafIndexFor(s.id, async () => {
    const stored = await solvencyRepo.leafIndexOf(ctx.db, s.id);
    return stored && withPositions(stored);
  });
  const found = index && findLeaf(index, userId);
  if (!index || !found) throw notFound(SOLVENCY_MSG.notIncluded);
  const block = 2 ** BLOCK_LEVELS;
  const start = found.position - (found.position % block);
  const members: number[] = [];
  for (let p = start; p < Math.min(start + block, s.leafCount); p++) members.push(index.byPosition.readUInt32BE(p * 4));
  const siblings = siblingsOf(found.position, s.leafCount);
  const rows = await solvencyRepo.proofOf(
    ctx.db,
    s.id,
    members,
    siblings.filter((sib) => sib.level >= BLOCK_LEVELS),
  );
  const own = new Map(rows.filter((r) => r.level === -1).map((r) => [r.i, r]));
  const stored = new Map(rows.filter((r) => r.level >= 0).map((r) => [r.level, r]));
  const leaves = members.map((i) => {
    const r = own.get(i);
    if (!r) throw new Error(`solvency: snapshot ${s.id} lacks leaf ${i}`);
    return leafOf({ userId: userIdAt(index, i), nonce: r.hash, balance: BigInt(r.sum) });
  });
  const levels: TreeNode[][] = [leaves];
  while (levels.length < BLOCK_LEVELS && levels[levels.length - 1].length > 1)
    levels.push(levelAbove(levels[levels.length - 1]));
  const leaf = leaves[found.position - start];
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
      const up = stored.get(sib.level);
      const n =
        sib.level < BLOCK_LEVELS
          ? levels[sib.level]?.[sib.index - (start >> sib.level)]
          : up && { hash: up.hash, sum: BigInt(up.sum) };
      if (!n) throw new Error(`solvency: snapshot ${s.id} lacks level ${sib.level}`);
      return { side: sib.side, hash: n.hash, sum: formatSolvencyAmount(n.sum) };
    }),
    root: { hash: s.rootHash, sum: formatSolvencyAmount(s.rootSum) },
  };
}
