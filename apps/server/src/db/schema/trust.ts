import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id, micros, tstz } from './columns';

/** Raw bytes (hashes and nonces are kept as bytes, half the size of their hex). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The staff audit log (DESIGN §15): one row per staff act, appended in the act's own transaction.
 * Append-only: triggers of migration 0010 refuse UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** A sequence: the log's order, and the key of `?before=` paging. */
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    at: tstz('at').notNull(),
    /** Who acted; null only for the operator at the command line before any account exists (never so far). */
    actorId: uuid('actor_id'),
    /** The actor's e-mail at the time of the act (kept even if the account changes later). */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_action_idx').on(t.action, t.id), index('audit_log_actor_idx').on(t.actorId, t.id)],
);

/** A published proof-of-liabilities snapshot (DESIGN §15): the Merkle sum tree's root. */
export const solvencySnapshots = pgTable(
  'solvency_snapshots',
  {
    id: id(),
    publishedAt: tstz('published_at').notNull(),
    rootHash: text('root_hash').notNull(),
    rootSum: micros('root_sum').notNull(),
    leafCount: integer('leaf_count').notNull(),
    /** Total user liability (available + held) read from the ledger in the snapshot's own transaction. */
    ledgerTotal: micros('ledger_total').notNull(),
  },
  (t) => [index('solvency_snapshots_published_idx').on(t.publishedAt)],
);

/**
 * A snapshot's leaves, packed (migration 0016; they were one row each): one row per snapshot whose
 * columns hold every leaf in user-id order, so a publish writes four values instead of 100,000
 * rows. `user_ids` (16 bytes each, ascending: a proof finds its user by binary search), `nonces`
 * (16 random bytes each), `balances` (8-byte big-endian micro-USDT, above zero), and
 * `by_position` (4-byte big-endian: for each position in hash order, the index here of the leaf
 * there; a proof rebuilds its block of 16 leaves from it). Stored uncompressed (STORAGE EXTERNAL),
 * so a proof reads a few leaves with `substring`.
 */
export const solvencyLeafSets = pgTable('solvency_leaf_sets', {
  snapshotId: uuid('snapshot_id')
    .primaryKey()
    .references(() => solvencySnapshots.id),
  userIds: bytea('user_ids').notNull(),
  byPosition: bytea('by_position').notNull(),
  nonces: bytea('nonces').notNull(),
  balances: bytea('balances').notNull(),
});

/**
 * One level of a snapshot's tree (0 = the leaves, ordered by hash): every node's 32-byte hash
 * concatenated in `hashes`, every sum as an 8-byte big-endian integer of micro-USDT in `sums`.
 * Levels 0–3 are not stored (a proof rebuilds its block of 16 leaves; solvency.hash.mjs
 * `BLOCK_LEVELS`). Stored uncompressed (STORAGE EXTERNAL), so a proof reads one sibling's bytes
 * with `substring` without loading the level.
 */
export const solvencyLevels = pgTable(
  'solvency_levels',
  {
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => solvencySnapshots.id),
    level: integer('level').notNull(),
    count: integer('count').notNull(),
    hashes: bytea('hashes').notNull(),
    sums: bytea('sums').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level] })],
);
