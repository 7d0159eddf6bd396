import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idArray } from '../../db/raw';
import { queryRows } from '../../db/rows';
import { solvencyLeafSets, solvencyLevels, solvencySnapshots } from '../../db/schema/index';

export type SnapshotRow = typeof solvencySnapshots.$inferSelect;
/** A snapshot's leaves as stored (schema `solvencyLeafSets`): packed, in user-id order. */
export type LeafSet = { userIds: Buffer; byPosition: Buffer; nonces: Buffer; balances: Buffer };

/** bytea as a Buffer: pg answers one, PGlite a Uint8Array. */
const buf = (b: Uint8Array): Buffer => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** Proof-of-liabilities storage (DESIGN §15): snapshots, their packed leaves and their tree levels. */
export const solvencyRepo = {
  /**
   * For the snapshot's transaction, the manners of a background read: no parallel workers (a
   * publish takes one core of PostgreSQL, not every idle one, from the payments beside it) and
   * memory enough that a piece planned without an index (stale statistics: the whole table
   * grouped and sorted, as the bench once saw) still does not spill to disk.
   */
  async asBackgroundRead(tx: Executor) {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`set local work_mem = '64MB'`);
  },

  /**
   * One piece of every user's balance (available + held), the next `limit` users after `after` in
   * user-id order: those above zero packed (16 bytes of id and 8 of balance, big-endian
   * micro-USDT, each), and `total`, the sum of every one of them whatever its sign (the ledger's
   * user liability, piece by piece). Each piece is one walk of `ledger_accounts_user_kind_key`
   * and one row: no 100,000 rows to send and parse. Run the pieces in the snapshot's own
   * transaction, beside `entriesTotal`.
   */
  async balancesAfter(
    exec: Executor,
    after: string,
    limit: number,
  ): Promise<{ leaves: Buffer; total: bigint; users: number; last: string | null }> {
    const [row] = await queryRows<{ leaves: Uint8Array; total: string; users: number; last: string | null }>(
      exec,
      sql`with u as (
            select user_id, sum(balance)::bigint as b from ledger_accounts
            where user_id > ${after}::uuid and kind in ('user_available', 'user_held')
            group by user_id order by user_id limit ${limit}
          )
          select coalesce(string_agg(uuid_send(user_id) || int8send(b), ''::bytea order by user_id) filter (where b > 0), ''::bytea) as leaves,
                 coalesce(sum(b), 0)::text as total, count(*)::int as users,
                 (array_agg(user_id order by user_id desc))[1]::text as last
          from u`,
    );
    return { leaves: buf(row.leaves), total: BigInt(row.total), users: row.users, last: row.last };
  },

  /** How many pages `ledger_entries` has now (in a snapshot's transaction: at least as many as it sees). */
  async entryPages(exec: Executor): Promise<number> {
    const [row] = await queryRows<{ pages: string }>(
      exec,
      sql`select (pg_relation_size('ledger_entries') / current_setting('block_size')::int)::text as pages`,
    );
    return Number(row.pages);
  },

  /**
   * The journal entries of user accounts (what the cached balances must sum to) in pages
   * [from, to) of `ledger_entries`: a TID range scan, so the whole table is summed in pieces
   * with no index, and no join to 200,000 user accounts (the few other accounts are left out).
   */
  async entriesTotal(exec: Executor, pages: { from: number; to: number }): Promise<bigint> {
    const [row] = await queryRows<{ entries: string }>(
      exec,
      sql`with other as (
            select coalesce(array_agg(id), '{}') as ids from ledger_accounts
            where user_id is null or kind not in ('user_available', 'user_held')
          )
          select coalesce(sum(e.amount) filter (where e.account_id <> all(other.ids)), 0)::text as entries
          from ledger_entries e, other
          where e.ctid >= ${`(${pages.from},0)`}::tid and e.ctid < ${`(${pages.to},0)`}::tid`,
    );
    return BigInt(row.entries);
  },

  /** Stores a snapshot in three statements: its row, its packed leaves and its stored levels (bytes sent as binary parameters). */
  async insertSnapshot(
    exec: Executor,
    s: {
      publishedAt: Date;
      rootHash: string;
      rootSum: bigint;
      ledgerTotal: bigint;
      leafCount: number;
      leaves: LeafSet;
      levels: { level: number; hashes: Buffer; sums: Buffer }[];
    },
  ): Promise<SnapshotRow> {
    const [row] = await exec
      .insert(solvencySnapshots)
      .values({
        publishedAt: s.publishedAt,
        rootHash: s.rootHash,
        rootSum: s.rootSum,
        leafCount: s.leafCount,
        ledgerTotal: s.ledgerTotal,
      })
      .returning();
    await exec.insert(solvencyLeafSets).values({ snapshotId: row.id, ...s.leaves });
    if (s.levels.length > 0) {
      await exec.insert(solvencyLevels).values(
        s.levels.map((l) => ({
          snapshotId: row.id,
          level: l.level,
          count: l.sums.length / 8,
          hashes: l.hashes,
          sums: l.sums,
        })),
      );
    }
    return row;
  },

  async latest(exec: Executor): Promise<SnapshotRow | undefined> {
    const [row] = await exec.select().from(solvencySnapshots).orderBy(desc(solvencySnapshots.publishedAt)).limit(1);
    return row;
  },

  /** What a proof searches: the snapshot's user ids (ascending) and which of them stands at each position (about 2 MB per 100,000 leaves). */
  async leafIndexOf(exec: Executor, snapshotId: string): Promise<{ userIds: Buffer; byPosition: Buffer } | undefined> {
    const [row] = await exec
      .select({ userIds: solvencyLeafSets.userIds, byPosition: solvencyLeafSets.byPosition })
      .from(solvencyLeafSets)
      .where(eq(solvencyLeafSets.snapshotId, snapshotId));
    return row && { userIds: buf(row.userIds), byPosition: buf(row.byPosition) };
  },

  /**
   * One statement for a proof: the nonce and balance of each leaf of its block (by index in
   * user-id order; level -1), and the stored nodes at (level, index), each a slice of its level's
   * bytes (uncompressed storage: PostgreSQL fetches only the chunks that hold a slice).
   */
  proofOf(exec: Executor, snapshotId: string, leaves: number[], at: { level: number; index: number }[]) {
    return queryRows<{ level: number; i: number; hash: string; sum: string }>(
      exec,
      sql`select -1 as level, x.i, encode(substring(s.nonces from x.i * 16 + 1 for 16), 'hex') as hash,
            (('x' || encode(substring(s.balances from x.i * 8 + 1 for 8), 'hex'))::bit(64)::bigint)::text as sum
          from solvency_leaf_sets s, unnest(${idArray(leaves.map(String))}::int[]) as x(i)
          where s.snapshot_id = ${snapshotId}
          union all
          select l.level, x.i, encode(substring(l.hashes from x.i * 32 + 1 for 32), 'hex') as hash,
            (('x' || encode(substring(l.sums from x.i * 8 + 1 for 8), 'hex'))::bit(64)::bigint)::text as sum
          from unnest(${idArray(at.map((a) => String(a.level)))}::int[], ${idArray(at.map((a) => String(a.index)))}::int[]) as x(lv, i)
          join solvency_levels l on l.snapshot_id = ${snapshotId} and l.level = x.lv`,
    );
  },

  /** Every leaf of a snapshot (ledger-check rebuilds the tree from them). */
  async leafSetOf(exec: Executor, snapshotId: string): Promise<LeafSet | undefined> {
    const [row] = await exec.select().from(solvencyLeafSets).where(eq(solvencyLeafSets.snapshotId, snapshotId));
    return (
      row && {
        userIds: buf(row.userIds),
        byPosition: buf(row.byPosition),
        nonces: buf(row.nonces),
        balances: buf(row.balances),
      }
    );
  },

  /** Every stored level of a snapshot (ledger-check compares them with the rebuilt tree). */
  async levelsOf(exec: Executor, snapshotId: string) {
    const rows = await exec
      .select()
      .from(solvencyLevels)
      .where(eq(solvencyLevels.snapshotId, snapshotId))
      .orderBy(solvencyLevels.level);
    return rows.map((r) => ({ level: r.level, count: r.count, hashes: buf(r.hashes), sums: buf(r.sums) }));
  },
};
