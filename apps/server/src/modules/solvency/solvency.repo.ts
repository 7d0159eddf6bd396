import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idArray } from '../../db/raw';
import { queryRows } from '../../db/rows';
import { solvencySnapshots } from '../../db/schema/index';

export type SnapshotRow = typeof solvencySnapshots.$inferSelect;

/** Proof-of-liabilities storage (DESIGN §15): snapshots, their leaves and their tree levels. */
export const solvencyRepo = {
  /**
   * Every user's balance (available + held) above zero, in micro-USDT. Run it in the snapshot's
   * own transaction, beside `liability`, so both read one instant of the ledger.
   */
  positiveBalances(exec: Executor) {
    return queryRows<{ user_id: string; balance: string }>(
      exec,
      sql`select user_id, sum(balance)::text as balance from ledger_accounts
          where user_id is not null and kind in ('user_available', 'user_held')
          group by user_id having sum(balance) > 0`,
    );
  },

  /**
   * The ledger's total user liability two ways: the cached balances of every user account, and
   * the sum of their journal entries (what the caches must equal).
   */
  async liability(exec: Executor): Promise<{ cached: bigint; entries: bigint }> {
    const [row] = await queryRows<{ cached: string; entries: string }>(
      exec,
      sql`select
            (select coalesce(sum(balance), 0) from ledger_accounts
              where user_id is not null and kind in ('user_available', 'user_held'))::text as cached,
            (select coalesce(sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
              where a.user_id is not null and a.kind in ('user_available', 'user_held'))::text as entries`,
    );
    return { cached: BigInt(row.cached), entries: BigInt(row.entries) };
  },

  /** Stores a snapshot: its row, its leaves (one statement) and its levels (one statement). */
  async insertSnapshot(
    exec: Executor,
    s: {
      publishedAt: Date;
      rootHash: string;
      rootSum: bigint;
      ledgerTotal: bigint;
      leaves: { userId: string; nonce: string; balance: bigint }[];
      levels: { hashes: string; sums: string }[];
    },
  ): Promise<SnapshotRow> {
    const [row] = await exec
      .insert(solvencySnapshots)
      .values({
        publishedAt: s.publishedAt,
        rootHash: s.rootHash,
        rootSum: s.rootSum,
        leafCount: s.leaves.length,
        ledgerTotal: s.ledgerTotal,
      })
      .returning();
    if (s.leaves.length > 0) {
      await exec.execute(
        sql`insert into solvency_leaves (snapshot_id, user_id, position, nonce, balance)
            select ${row.id}, u, p - 1, decode(n, 'hex'), b
            from unnest(${idArray(s.leaves.map((l) => l.userId))}::uuid[],
                        ${idArray(s.leaves.map((l) => l.nonce))}::text[],
                        ${idArray(s.leaves.map((l) => l.balance.toString()))}::bigint[])
                 with ordinality as x(u, n, b, p)`,
      );
    }
    for (let level = 0; level < s.levels.length; level++) {
      const l = s.levels[level];
      await exec.execute(
        sql`insert into solvency_levels (snapshot_id, level, count, hashes, sums)
            values (${row.id}, ${level}, ${l.hashes.length / 64}, decode(${l.hashes}, 'hex'), decode(${l.sums}, 'hex'))`,
      );
    }
    return row;
  },

  async latest(exec: Executor): Promise<SnapshotRow | undefined> {
    const [row] = await exec.select().from(solvencySnapshots).orderBy(desc(solvencySnapshots.publishedAt)).limit(1);
    return row;
  },

  /** A user's leaf in a snapshot (the primary key's read). */
  async leafOf(exec: Executor, snapshotId: string, userId: string) {
    const [row] = await queryRows<{ position: number; nonce: string; balance: string }>(
      exec,
      sql`select position, encode(nonce, 'hex') as nonce, balance::text as balance
          from solvency_leaves where snapshot_id = ${snapshotId} and user_id = ${userId}`,
    );
    return row;
  },

  /**
   * Nodes of a snapshot's tree by (level, index): each read as a slice of its level's bytes
   * (uncompressed storage: PostgreSQL fetches only the chunks that hold the slice).
   */
  nodes(exec: Executor, snapshotId: string, at: { level: number; index: number }[]) {
    if (at.length === 0) return Promise.resolve([]);
    return queryRows<{ level: number; hash: string; sum: string }>(
      exec,
      sql`select l.level, encode(substring(l.hashes from x.i * 32 + 1 for 32), 'hex') as hash,
            (('x' || encode(substring(l.sums from x.i * 8 + 1 for 8), 'hex'))::bit(64)::bigint)::text as sum
          from unnest(${idArray(at.map((a) => String(a.level)))}::int[], ${idArray(at.map((a) => String(a.index)))}::int[]) as x(lv, i)
          join solvency_levels l on l.snapshot_id = ${snapshotId} and l.level = x.lv
          order by l.level`,
    );
  },

  /** Every leaf of a snapshot in tree order (ledger-check rebuilds the tree from them). */
  leavesOf(exec: Executor, snapshotId: string) {
    return queryRows<{ user_id: string; position: number; nonce: string; balance: string }>(
      exec,
      sql`select user_id, position, encode(nonce, 'hex') as nonce, balance::text as balance
          from solvency_leaves where snapshot_id = ${snapshotId} order by position`,
    );
  },

  /** Every stored level of a snapshot as hex (ledger-check compares them with the rebuilt tree). */
  levelsOf(exec: Executor, snapshotId: string) {
    return queryRows<{ level: number; count: number; hashes: string; sums: string }>(
      exec,
      sql`select level, count, encode(hashes, 'hex') as hashes, encode(sums, 'hex') as sums
          from solvency_levels where snapshot_id = ${snapshotId} order by level`,
    );
  },
};
