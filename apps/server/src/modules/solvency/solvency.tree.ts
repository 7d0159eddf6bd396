import { createHash } from 'node:crypto';
import { formatSolvencyAmount, solvencyLeafText, solvencyNodeText } from '@devmarket/contract';

/**
 * The Merkle sum tree of DESIGN §15, as pure functions (no database, no clock).
 * Sums are bigint micro-USDT internally and written with 6 fraction digits wherever they are hashed.
 */
export type TreeNode = { hash: string; sum: bigint };
export type LeafInput = { userId: string; nonce: string; balance: bigint };
export type TreeLeaf = LeafInput & TreeNode;
export type ProofStep = { side: 'left' | 'right'; hash: string; sum: bigint };

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The root of a tree with no leaves (no user owed anything): the hash of the empty string, sum 0. */
export const EMPTY_ROOT: TreeNode = { hash: sha256Hex(''), sum: 0n };

export function leafOf(l: LeafInput): TreeLeaf {
  return {
    ...l,
    hash: sha256Hex(solvencyLeafText(l.userId, l.nonce, formatSolvencyAmount(l.balance))),
    sum: l.balance,
  };
}

export function parentOf(left: TreeNode, right: TreeNode): TreeNode {
  const text = solvencyNodeText(
    { hash: left.hash, sum: formatSolvencyAmount(left.sum) },
    { hash: right.hash, sum: formatSolvencyAmount(right.sum) },
  );
  return { hash: sha256Hex(text), sum: left.sum + right.sum };
}

/** The level above: pairs hashed in order, the last node of an odd count carried up unchanged. */
export function levelAbove(level: readonly TreeNode[]): TreeNode[] {
  const up: TreeNode[] = [];
  for (let i = 0; i < level.length; i += 2) up.push(i + 1 < level.length ? parentOf(level[i], level[i + 1]) : level[i]);
  return up;
}

/** Leaves ordered by hash, and every level from them (levels[0]) to the root (the last, one node). */
export function buildTree(inputs: readonly LeafInput[]): { leaves: TreeLeaf[]; levels: TreeNode[][]; root: TreeNode } {
  const leaves = inputs.map(leafOf).sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  if (leaves.length === 0) return { leaves, levels: [], root: EMPTY_ROOT };
  const levels: TreeNode[][] = [leaves.map((l) => ({ hash: l.hash, sum: l.sum }))];
  while (levels[levels.length - 1].length > 1) levels.push(levelAbove(levels[levels.length - 1]));
  return { leaves, levels, root: levels[levels.length - 1][0] };
}

/** How many nodes each level has, for a tree of `leafCount` leaves (levels[0] first, the root's last). */
export function levelCounts(leafCount: number): number[] {
  if (leafCount === 0) return [];
  const counts = [leafCount];
  while (counts[counts.length - 1] > 1) counts.push(Math.ceil(counts[counts.length - 1] / 2));
  return counts;
}

/** The siblings a proof needs: for each level below the root where the node at `position` has one. */
export function siblingsOf(
  position: number,
  leafCount: number,
): { level: number; index: number; side: 'left' | 'right' }[] {
  const counts = levelCounts(leafCount);
  const out: { level: number; index: number; side: 'left' | 'right' }[] = [];
  let i = position;
  for (let level = 0; level < counts.length - 1; level++) {
    const sib = i ^ 1;
    if (sib < counts[level]) out.push({ level, index: sib, side: sib < i ? 'left' : 'right' });
    i >>= 1;
  }
  return out;
}

/** Recomputes the root from a leaf and its path (what any verifier does). */
export function rootFromPath(leaf: TreeNode, path: readonly ProofStep[]): TreeNode {
  let node = leaf;
  for (const step of path) node = step.side === 'left' ? parentOf(step, node) : parentOf(node, step);
  return node;
}

/** A level as stored: hashes as 32 bytes each, sums as 8-byte big-endian integers. */
export function packLevel(level: readonly TreeNode[]): { hashes: Buffer; sums: Buffer } {
  const sums = Buffer.alloc(level.length * 8);
  for (let i = 0; i < level.length; i++) sums.writeBigUInt64BE(level[i].sum, i * 8);
  return { hashes: Buffer.from(level.map((n) => n.hash).join(''), 'hex'), sums };
}
