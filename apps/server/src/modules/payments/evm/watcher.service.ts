import { BlockNotFoundError } from 'viem';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { creditArrivedDeposit, expireDeposit } from '../deposits.service';
import { transactionsRepo } from '../../ledger';
import { publishAfterCommit } from '../../realtime';
import { backfillAddresses } from './addresses.service';
import { type ChainClients, chainClients, type EthPrice, erc20Abi, readEthPrice, weiToMicros } from './chain';
import { type ChainTransferRow, chainRepo, LOCK } from './chain.repo';
import { retryWaitingPayouts, trackPayouts } from './payout-tracking.service';

/** Blocks fetched per tick; a long way behind, the watcher catches up tick by tick. */
const BATCH = 50n;
/** How many block hashes are remembered to detect a reorganisation. */
const REMEMBER = 128n;

type Seen = {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  currency: 'ETH' | 'USDT';
  toAddress: string;
  userId: string;
  value: bigint;
};

/** The highest remembered block that is still on the chain, or null when none is remembered. */
async function findForkPoint(ctx: AppContext, c: ChainClients, cursor: bigint): Promise<bigint | null> {
  const remembered = await chainRepo.recentBlocks(ctx.db, c.chainId, cursor - REMEMBER);
  for (const b of remembered) {
    // Only "no such block" means replaced; an RPC failure ends the pass without touching anything.
    const onChain = await c.publicClient.getBlock({ blockNumber: b.blockNumber }).catch((err) => {
      if (err instanceof BlockNotFoundError) return null;
      throw err;
    });
    if (onChain?.hash === b.hash) return b.blockNumber;
    ctx.log.warn({ block: b.blockNumber.toString() }, 'chain reorganisation: remembered block replaced');
  }
  return remembered.length > 0 ? (remembered[remembered.length - 1]?.blockNumber ?? 0n) - 1n : null;
}

/** Native ETH to known addresses and USDT Transfer logs to them, in blocks from..to. */
async function scan(c: ChainClients, known: Map<string, string>, from: bigint, to: bigint) {
  const blocks: { number: bigint; hash: string }[] = [];
  const seen: Seen[] = [];
  for (let n = from; n <= to; n++) {
    const block = await c.publicClient.getBlock({ blockNumber: n, includeTransactions: true });
    blocks.push({ number: n, hash: block.hash });
    for (const t of block.transactions) {
      const toAddress = t.to?.toLowerCase();
      const userId = toAddress ? known.get(toAddress) : undefined;
      if (!userId || !toAddress || t.value <= 0n) continue;
      const receipt = await c.publicClient.getTransactionReceipt({ hash: t.hash });
      if (receipt.status !== 'success') continue;
      seen.push({
        txHash: t.hash,
        logIndex: -1,
        blockNumber: n,
        blockHash: block.hash,
        currency: 'ETH',
        toAddress,
        userId,
        value: t.value,
      });
    }
  }
  const logs = await c.publicClient.getLogs({
    address: c.config.usdtAddress,
    event: erc20Abi[0],
    fromBlock: from,
    toBlock: to,
  });
  const hashes = new Map(blocks.map((b) => [b.number, b.hash]));
  for (const log of logs) {
    // A log from a block other than the one just read: the chain moved under us; next tick retries.
    if (hashes.get(log.blockNumber) !== log.blockHash) throw new Error('chain changed during the scan');
    const toAddress = log.args.to?.toLowerCase();
    const userId = toAddress ? known.get(toAddress) : undefined;
    if (!userId || !toAddress || !log.args.value || log.removed) continue;
    seen.push({
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      currency: 'USDT',
      toAddress,
      userId,
      value: log.args.value,
    });
  }
  return { blocks, seen };
}

/**
 * One pass of the block watcher (DESIGN §12): read the chain outside any database transaction,
 * then apply it in one transaction under an advisory lock, so with several instances one of them
 * is the cluster's watcher and a transfer is credited once (also kept by the unique txHash:logIndex).
 * Returns true when more blocks wait to be scanned.
 */
export async function watchOnce(ctx: AppContext): Promise<boolean> {
  const evm = ctx.config.evm;
  if (!evm) return false;
  const c = await chainClients(evm);
  const head = await c.publicClient.getBlockNumber();
  const cursor =
    (await chainRepo.cursor(ctx.db, c.chainId)) ??
    (head > BigInt(evm.confirmations) * 2n ? head - BigInt(evm.confirmations) * 2n : -1n);
  const forkPoint = await findForkPoint(ctx, c, cursor);
  const base = forkPoint !== null && forkPoint < cursor ? forkPoint : cursor;
  const from = base + 1n;
  const to = head < from + BATCH - 1n ? head : from + BATCH - 1n;
  const known = await chainRepo.knownAddresses(ctx.db);
  const { blocks, seen } = to >= from ? await scan(c, known, from, to) : { blocks: [], seen: [] };
  const processedTo = to >= from ? to : base;
  // The price is read before the database transaction (no network I/O inside one), when ETH may be
  // credited, and at the pass's own last block: the price of the block in which a transfer reaches
  // M confirmations, not of whatever block the chain has moved on to while this pass ran.
  const price =
    seen.some((s) => s.currency === 'ETH') || (await hasOpenEth(ctx, c)) ? await readEthPrice(c, processedTo) : null;

  const changed = new Set<string>();
  /** Deposits whose only seen transfer a reorganisation removed. */
  const unseen: string[] = [];
  const applied = await ctx.db.transaction(async (tx) => {
    if (!(await chainRepo.tryLock(tx, LOCK.watcher))) return false;
    // Another instance moved on since we read: its pass stands, ours is dropped.
    const now = await chainRepo.cursor(tx, c.chainId);
    if (now !== null && now !== cursor) return false;
    if (base < cursor) {
      for (const removed of await chainRepo.dropAbove(tx, c.chainId, base)) {
        if (removed.transactionId) {
          await chainRepo.setConfirmations(tx, removed.transactionId, null, null);
          changed.add(`${removed.userId}|${removed.transactionId}`);
          unseen.push(removed.transactionId);
        }
      }
    }
    await chainRepo.insertTransfers(
      tx,
      seen.map((s) => ({ ...s, chainId: c.chainId, value: s.value.toString() })),
    );
    await chainRepo.saveBlocks(tx, c.chainId, blocks, processedTo - REMEMBER);
    await chainRepo.setCursor(tx, c.chainId, processedTo);
    for (const t of await chainRepo.openTransfers(tx, c.chainId)) {
      const confirmations = Number(processedTo - t.blockNumber + 1n);
      const id = await settleOpenTransfer(tx, t, confirmations, evm.confirmations, price);
      if (id) changed.add(`${t.userId}|${id}`);
    }
    return true;
  });
  if (applied) {
    // A deposit kept open past its window for a transfer that is gone now expires as usual.
    for (const id of unseen) await expireIfDue(ctx, id);
    await publishChanges(ctx, changed);
    await trackPayouts(ctx, c, processedTo);
    await retryWaitingPayouts(ctx);
  }
  return applied && processedTo < head;
}

async function expireIfDue(ctx: AppContext, id: string) {
  const t = await transactionsRepo.find(ctx.db, id);
  if (t?.status === 'Pending' && t.expiresAt && t.expiresAt <= ctx.now()) await expireDeposit(ctx, id);
}

async function hasOpenEth(ctx: AppContext, c: ChainClients): Promise<boolean> {
  return chainRepo.hasOpen(ctx.db, c.chainId, 'ETH');
}

/** Credits a transfer at M confirmations, else shows its confirmations on the user's pending deposit. */
async function settleOpenTransfer(
  tx: Tx,
  t: ChainTransferRow,
  confirmations: number,
  required: number,
  price: EthPrice | null,
): Promise<string | null> {
  const currency = t.currency;
  if (confirmations >= required) {
    if (currency === 'ETH' && !price) throw new Error('no ETH price to credit with');
    const amount = currency === 'USDT' ? BigInt(t.value) : weiToMicros(BigInt(t.value), price as EthPrice);
    const pending = t.transactionId ? undefined : await chainRepo.pendingDepositOf(tx, t.userId, currency);
    if (amount <= 0n) {
      // Dust worth less than a micro-USDT: recorded as handled, nothing to credit.
      await chainRepo.markCredited(tx, t, null, 0n);
      return null;
    }
    const id = await creditArrivedDeposit(tx, {
      userId: t.userId,
      currency,
      amount,
      provider: 'evm',
      txHash: t.txHash,
      pendingId: t.transactionId ?? pending?.id,
    });
    await chainRepo.setConfirmations(tx, id, required, required);
    await chainRepo.markCredited(tx, t, id, amount);
    return id;
  }
  const pending = await chainRepo.pendingDepositOf(tx, t.userId, currency);
  if (!pending) return null;
  if (t.transactionId !== pending.id) await chainRepo.attachTransfer(tx, t, pending.id);
  if (pending.confirmations === confirmations) return null;
  await chainRepo.setConfirmations(tx, pending.id, confirmations, required, t.txHash);
  return pending.id;
}

/** After commit: the owners' open pages update ("seen, N of M confirmations"). */
async function publishChanges(ctx: AppContext, changed: Set<string>) {
  for (const key of changed) {
    const [userId, transactionId] = key.split('|') as [string, string];
    await publishAfterCommit(ctx, { type: 'transaction', userIds: [userId], data: { id: transactionId } });
  }
}

/** Runs the watcher while the server runs (every ETH_POLL_MS; at once again while catching up). */
export function createChainWatcher(ctx: AppContext) {
  const evm = ctx.config.evm;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  const tick = async () => {
    try {
      while (!stopped && (await watchOnce(ctx)));
    } catch (err) {
      ctx.log.error({ err }, 'chain watcher pass failed');
    }
  };
  const schedule = () => {
    if (stopped || !evm) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, evm.pollMs);
  };
  return {
    async start() {
      if (!evm || !stopped) return;
      stopped = false;
      await backfillAddresses(ctx).catch((err) => ctx.log.error({ err }, 'deposit address backfill failed'));
      running = tick().finally(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
