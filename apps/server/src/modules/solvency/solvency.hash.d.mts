/** Types of solvency.hash.mjs (plain JavaScript, so that it runs as a worker without a TypeScript loader). */
export type PackedLevel = { hashes: Uint8Array; sums: Uint8Array };
export type SnapshotHashInput = { userIds: Uint8Array; balances: Uint8Array; nonces?: Uint8Array };
export type SnapshotHashes = {
  nonces: Uint8Array;
  positions: Uint8Array;
  byPosition: Uint8Array;
  levels: PackedLevel[];
  root: { hash: string; sum: bigint } | null;
};
export const BLOCK_LEVELS: number;
export function hashSnapshot(input: SnapshotHashInput): SnapshotHashes;
