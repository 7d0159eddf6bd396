import type { Hex } from 'viem';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { payoutWithdrawal, settleWithdrawalFromProvider } from '../withdrawals.service';
import { publishAfterCommit } from '../../realtime';
import type { ChainClients } from './chain';
import { type ChainPayoutRow, chainRepo } from './chain.repo';
import { broadcast, PAYOUT_MSG } from './payouts.service';

/*
 * The watcher's side of payouts: following sent ones to their outcome and retrying waiting ones.
 * Kept apart from signing (payouts.service.ts), which the provider calls, because this side settles
 * withdrawals in the ledger and the ledger reaches the provider: one file would close a cycle.
 */

/**
 * Follows sent payouts (called by the watcher with the highest processed block): shows their
 * confirmations, completes them at ETH_CONFIRMATIONS, fails them (hold released) when reverted or
 * dropped, and rebroadcasts one the node forgot while its nonce is still free.
 */
export async function trackPayouts(ctx: AppContext, c: ChainClients, head: bigint): Promise<void> {
  const required = c.config.confirmations;
  for (const p of await chainRepo.signedPayouts(ctx.db)) {
    const hash = p.txHash as Hex;
    const receipt = await c.publicClient.getTransactionReceipt({ hash }).catch(() => null);
    if (!receipt) {
      if (await c.publicClient.getTransaction({ hash }).catch(() => null)) continue;
      const mined = await c.publicClient.getTransactionCount({ address: c.hot.address, blockTag: 'latest' });
      if (p.nonce !== null && mined > p.nonce) await settle(ctx, p, false, PAYOUT_MSG.dropped);
      else await broadcast(c, p.rawTx as Hex, hash).catch((err) => ctx.log.warn({ err }, 'payout rebroadcast failed'));
      continue;
    }
    const confirmations = Number(head - receipt.blockNumber + 1n);
    if (confirmations < required) {
      await chainRepo.setConfirmations(ctx.db, p.transactionId, Math.max(confirmations, 0), required, hash);
      const owner = await ownerOf(ctx, p.transactionId);
      if (owner)
        await publishAfterCommit(ctx, { type: 'transaction', userIds: [owner], data: { id: p.transactionId } });
      continue;
    }
    await settle(ctx, p, receipt.status === 'success', PAYOUT_MSG.reverted);
  }
}

async function ownerOf(ctx: AppContext, transactionId: string): Promise<string | null> {
  return (await chainRepo.transactionOwner(ctx.db, transactionId)) ?? null;
}

async function settle(ctx: AppContext, p: ChainPayoutRow, ok: boolean, reason: string) {
  const required = ctx.config.evm?.confirmations ?? null;
  await ctx.db.transaction(async (tx) => {
    try {
      await settleWithdrawalFromProvider(
        tx,
        p.transactionId,
        ok ? { ok: true, ref: p.txHash as string } : { ok: false, reason },
      );
    } catch (err) {
      // Already settled (a second instance, or staff): only the payout row is brought up to date.
      if (!(err instanceof AppError)) throw err;
    }
    await chainRepo.setConfirmations(tx, p.transactionId, ok ? required : null, ok ? required : null, p.txHash);
    await chainRepo.setPayoutStatus(tx, p.transactionId, ok ? 'confirmed' : 'failed', ok ? null : reason);
  });
}

/** Payouts that waited for the hot wallet are tried again (by the watcher, on each pass). */
export async function retryWaitingPayouts(ctx: AppContext): Promise<void> {
  for (const w of await chainRepo.waitingPayouts(ctx.db)) {
    await payoutWithdrawal(ctx, w.transactionId).catch((err) => ctx.log.warn({ err }, 'waiting payout retry failed'));
  }
}
