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
/** Rest `rest` times as long as each piece of work took, while `budgetMs` lasts (0: never). */
export type HashPace = { rest: number; budgetMs: number };
export const BLOCK_LEVELS: number;
export function hashSnapshot(input: SnapshotHashInput, pace?: HashPace): SnapshotHashes;
