import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import {
  chainAddresses,
  chainBlocks,
  chainCursor,
  chainPayouts,
  chainTransfers,
  transactions,
} from '../../../db/schema/index';

export type ChainTransferRow = typeof chainTransfers.$inferSelect;
export type ChainPayoutRow = typeof chainPayouts.$inferSelect;

/** Advisory lock keys (one number per purpose, like the migration lock's 727274). */
export const LOCK = { watcher: 727_301, nonce: 727_302, addresses: 727_303 } as const;

export const chainRepo = {
  /** Session-free election: whoever holds this transaction-scoped lock is the cluster's watcher for this tick. */
  async tryLock(tx: Tx, key: number): Promise<boolean> {
    const [row] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}) as ok`);
    return row?.ok === true;
  },

  async lock(tx: Tx, key: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
  },

  async addressOf(exec: Executor, userId: string) {
    const [row] = await exec.select().from(chainAddresses).where(eq(chainAddresses.userId, userId));
    return row;
  },

  /** The user's deposit index, allocated once (the next free number, under a lock). */
  async allocateIndex(tx: Tx, userId: string, deriveEth: ((n: number) => string) | null) {
    await chainRepo.lock(tx, LOCK.addresses);
    const existing = await chainRepo.addressOf(tx, userId);
    if (existing) {
      if (!existing.address && deriveEth) {
        const address = deriveEth(existing.n);
        await tx.update(chainAddresses).set({ address }).where(eq(chainAddresses.userId, userId));
        return { ...existing, address };
      }
      return existing;
    }
    const [{ next }] = await queryRows<{ next: number }>(
      tx,
      sql`select coalesce(max(n) + 1, 0)::int as next from chain_addresses`,
    );
    const [row] = await tx
      .insert(chainAddresses)
      .values({ userId, n: next, address: deriveEth ? deriveEth(next) : null })
      .returning();
    return row;
  },

  async indexesWithoutAddress(exec: Executor) {
    return exec.select().from(chainAddresses).where(isNull(chainAddresses.address));
  },

  async setAddress(exec: Executor, userId: string, address: string) {
    await exec.update(chainAddresses).set({ address }).where(eq(chainAddresses.userId, userId));
  },

  /** Every known deposit address → its user. */
  async knownAddresses(exec: Executor): Promise<Map<string, string>> {
    const rows = await exec
      .select({ address: chainAddresses.address, userId: chainAddresses.userId })
      .from(chainAddresses)
      .where(isNotNull(chainAddresses.address));
    return new Map(rows.map((r) => [r.address as string, r.userId]));
  },

  async cursor(exec: Executor, chainId: number): Promise<bigint | null> {
    const [row] = await exec.select().from(chainCursor).where(eq(chainCursor.chainId, chainId));
    return row?.blockNumber ?? null;
  },

  async setCursor(tx: Tx, chainId: number, blockNumber: bigint) {
    await tx
      .insert(chainCursor)
      .values({ chainId, blockNumber })
      .onConflictDoUpdate({ target: chainCursor.chainId, set: { blockNumber, updatedAt: new Date() } });
  },

  /** Remembered block hashes at and above `from`, highest first. */
  async recentBlocks(exec: Executor, chainId: number, from: bigint) {
    return exec
      .select()
      .from(chainBlocks)
      .where(and(eq(chainBlocks.chainId, chainId), sql`${chainBlocks.blockNumber} >= ${from.toString()}::bigint`))
      .orderBy(sql`${chainBlocks.blockNumber} desc`);
  },

  async saveBlocks(tx: Tx, chainId: number, blocks: { number: bigint; hash: string }[], keepFrom: bigint) {
    if (blocks.length > 0)
      await tx
        .insert(chainBlocks)
        .values(blocks.map((b) => ({ chainId, blockNumber: b.number, hash: b.hash })))
        .onConflictDoUpdate({
          target: [chainBlocks.chainId, chainBlocks.blockNumber],
          set: { hash: sql`excluded.hash` },
        });
    await tx
      .delete(chainBlocks)
      .where(and(eq(chainBlocks.chainId, chainId), sql`${chainBlocks.blockNumber} < ${keepFrom.toString()}::bigint`));
  },

  /** A reorganisation replaced the blocks above `forkPoint`: forget their hashes and their uncredited transfers. */
  async dropAbove(tx: Tx, chainId: number, forkPoint: bigint) {
    await tx
      .delete(chainBlocks)
      .where(and(eq(chainBlocks.chainId, chainId), sql`${chainBlocks.blockNumber} > ${forkPoint.toString()}::bigint`));
    return tx
      .update(chainTransfers)
      .set({ status: 'removed' })
      .where(
        and(
          eq(chainTransfers.chainId, chainId),
          eq(chainTransfers.status, 'seen'),
          sql`${chainTransfers.blockNumber} > ${forkPoint.toString()}::bigint`,
        ),
      )
      .returning();
  },

  async insertTransfers(tx: Tx, rows: (typeof chainTransfers.$inferInsert)[]) {
    if (rows.length === 0) return;
    // A transfer seen again (a rescan, or a reorganisation that put it back in another block) is
    // updated to where it is now, unless it was already credited.
    await tx
      .insert(chainTransfers)
      .values(rows)
      .onConflictDoUpdate({
        target: [chainTransfers.txHash, chainTransfers.logIndex],
        set: { blockNumber: sql`excluded.block_number`, blockHash: sql`excluded.block_hash`, status: 'seen' },
        setWhere: ne(chainTransfers.status, 'credited'),
      });
  },

  /** Transfers seen but not yet credited, locked so one watcher tick credits each once. */
  async openTransfers(tx: Tx, chainId: number) {
    return tx
      .select()
      .from(chainTransfers)
      .where(and(eq(chainTransfers.chainId, chainId), eq(chainTransfers.status, 'seen')))
      .orderBy(chainTransfers.blockNumber)
      .for('update');
  },

  async hasOpen(exec: Executor, chainId: number, currency: 'ETH' | 'USDT'): Promise<boolean> {
    const [row] = await exec
      .select({ txHash: chainTransfers.txHash })
      .from(chainTransfers)
      .where(
        and(
          eq(chainTransfers.chainId, chainId),
          eq(chainTransfers.status, 'seen'),
          eq(chainTransfers.currency, currency),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  async markCredited(tx: Tx, t: ChainTransferRow, transactionId: string | null, amount: bigint) {
    await tx
      .update(chainTransfers)
      .set({ status: 'credited', transactionId, creditedAmount: amount })
      .where(and(eq(chainTransfers.txHash, t.txHash), eq(chainTransfers.logIndex, t.logIndex)));
  },

  async attachTransfer(tx: Tx, t: ChainTransferRow, transactionId: string | null) {
    await tx
      .update(chainTransfers)
      .set({ transactionId })
      .where(and(eq(chainTransfers.txHash, t.txHash), eq(chainTransfers.logIndex, t.logIndex)));
  },

  /** Shows "seen, N of M confirmations" on a pending transaction. */
  async setConfirmations(
    exec: Executor,
    transactionId: string,
    n: number | null,
    required: number | null,
    txHash?: string | null,
  ) {
    await exec
      .update(transactions)
      .set({ confirmations: n, confirmationsRequired: required, ...(txHash !== undefined ? { txHash } : {}) })
      .where(eq(transactions.id, transactionId));
  },

  async pendingDepositOf(tx: Tx, userId: string, currency: 'ETH' | 'USDT') {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          eq(transactions.type, 'Deposit'),
          eq(transactions.status, 'Pending'),
          eq(transactions.currency, currency),
        ),
      )
      .for('update');
    return row;
  },

  // Payouts.

  async payout(exec: Executor, transactionId: string) {
    const [row] = await exec.select().from(chainPayouts).where(eq(chainPayouts.transactionId, transactionId));
    return row;
  },

  async upsertWaiting(exec: Executor, transactionId: string, note: string) {
    await exec
      .insert(chainPayouts)
      .values({ transactionId, status: 'waiting', note })
      .onConflictDoUpdate({
        target: chainPayouts.transactionId,
        set: { note, updatedAt: new Date() },
        setWhere: eq(chainPayouts.status, 'waiting'),
      });
  },

  /** The next nonce of the hot wallet: past what the chain counts and what we already signed. */
  async nextNonce(tx: Tx, fromAddress: string, chainCount: number): Promise<number> {
    const [row] = await queryRows<{ max: number | null }>(
      tx,
      sql`select max(nonce)::int as max from chain_payouts where from_address = ${fromAddress}`,
    );
    return Math.max(chainCount, row?.max == null ? 0 : row.max + 1);
  },

  async recordSigned(
    tx: Tx,
    values: { transactionId: string; fromAddress: string; nonce: number; rawTx: string; txHash: string; value: bigint },
  ) {
    await tx
      .insert(chainPayouts)
      .values({ ...values, value: values.value.toString(), status: 'signed', note: null })
      .onConflictDoUpdate({
        target: chainPayouts.transactionId,
        set: {
          status: 'signed',
          fromAddress: values.fromAddress,
          nonce: values.nonce,
          rawTx: values.rawTx,
          txHash: values.txHash,
          value: values.value.toString(),
          note: null,
          updatedAt: new Date(),
        },
        setWhere: eq(chainPayouts.status, 'waiting'),
      });
  },

  /**
   * What signed, unsettled payouts will take from the hot wallet, per currency (wei, micro-USDT).
   * Mined ones are in the chain balance already, so this over-reserves until they settle: a payout
   * may wait a little longer, never go out uncovered.
   */
  async reserved(exec: Executor): Promise<{ ETH: bigint; USDT: bigint }> {
    const rows = await queryRows<{ currency: 'ETH' | 'USDT'; total: string }>(
      exec,
      sql`select t.currency, coalesce(sum(p.value), 0)::text as total
          from chain_payouts p join transactions t on t.id = p.transaction_id
          where p.status = 'signed' group by t.currency`,
    );
    const out = { ETH: 0n, USDT: 0n };
    for (const r of rows) out[r.currency] = BigInt(r.total);
    return out;
  },

  async signedPayouts(exec: Executor) {
    return exec.select().from(chainPayouts).where(eq(chainPayouts.status, 'signed'));
  },

  async setPayoutStatus(exec: Executor, transactionId: string, status: ChainPayoutRow['status'], note: string | null) {
    await exec
      .update(chainPayouts)
      .set({ status, note, updatedAt: new Date() })
      .where(eq(chainPayouts.transactionId, transactionId));
  },

  /** Withdrawals waiting for the hot wallet, with their amounts, for /admin. */
  async waitingPayouts(exec: Executor) {
    return exec
      .select({
        transactionId: chainPayouts.transactionId,
        note: chainPayouts.note,
        since: chainPayouts.createdAt,
        currency: transactions.currency,
        amount: transactions.amount,
      })
      .from(chainPayouts)
      .innerJoin(transactions, eq(transactions.id, chainPayouts.transactionId))
      .where(and(eq(chainPayouts.status, 'waiting'), eq(transactions.status, 'Pending')));
  },

  async transactionOwner(exec: Executor, transactionId: string): Promise<string | undefined> {
    const [row] = await exec
      .select({ userId: transactions.userId })
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    return row?.userId;
  },
};
