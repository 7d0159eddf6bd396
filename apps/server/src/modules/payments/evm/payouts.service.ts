import type { Currency } from '@devmarket/contract';
import { encodeFunctionData, getAddress, type Hex, isAddress, keccak256 } from 'viem';
import type { AppContext } from '../../../context';
import type { PayoutResult } from '../provider';
import { type ChainClients, erc20Abi, hotWalletBalances, microsToWei, readEthPrice } from './chain';
import { type ChainPayoutRow, chainRepo, LOCK } from './chain.repo';

export const PAYOUT_MSG = {
  notEvmAddress: 'The address is not an Ethereum address',
  reverted: 'The payout transaction reverted on the chain',
  dropped: 'The payout transaction was dropped from the chain',
  waiting: (currency: string) => `The hot wallet does not hold enough ${currency} (and ETH for gas) for this payout`,
} as const;

/**
 * Test hooks at the two places a crash is most dangerous: after signing (nothing recorded yet)
 * and after recording (nothing broadcast yet). A hook that throws stands in for the process dying.
 */
export const payoutCrashPoints: { afterSign?: () => void; afterRecord?: () => void } = {};

/**
 * Signs and sends a withdrawal from the hot wallet (DESIGN §12). Nonces are allocated under an
 * advisory lock, and the signed bytes, hash and nonce are committed before broadcasting: a rerun
 * (another instance, or after a crash) finds the row and rebroadcasts the same transaction, so a
 * withdrawal is neither lost nor sent twice. A payout the hot wallet cannot cover waits.
 */
export async function sendChainPayout(
  ctx: AppContext,
  c: ChainClients,
  input: { reference: string; currency: Currency; address: string; amount: bigint },
): Promise<PayoutResult> {
  const existing = await chainRepo.payout(ctx.db, input.reference);
  if (existing && existing.status !== 'waiting') return resume(c, existing);
  if (input.currency !== 'ETH' && input.currency !== 'USDT')
    return { status: 'failed', reason: 'Not a chain currency' };
  if (!isAddress(input.address, { strict: false })) return { status: 'failed', reason: PAYOUT_MSG.notEvmAddress };
  const recipient = getAddress(input.address.toLowerCase());

  const usdt = input.currency === 'USDT';
  const value = usdt ? input.amount : microsToWei(input.amount, await readEthPrice(c));
  const call = usdt
    ? {
        to: c.config.usdtAddress,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, value] }),
      }
    : { to: recipient, value, data: undefined };
  // A transfer that would revert cannot be estimated; it is sent with a fixed limit and fails on the chain.
  const gas = await c.publicClient.estimateGas({ account: c.hot, ...call }).catch(() => (usdt ? 100_000n : 60_000n));
  const fees = await c.publicClient.estimateFeesPerGas();
  const balances = await hotWalletBalances(c);
  const from = c.hot.address.toLowerCase();
  const chainCount = await c.publicClient.getTransactionCount({ address: c.hot.address, blockTag: 'pending' });

  const row = await ctx.db.transaction(async (tx) => {
    await chainRepo.lock(tx, LOCK.nonce);
    const again = await chainRepo.payout(tx, input.reference);
    if (again && again.status !== 'waiting') return again;
    // Under the lock: what other signed payouts still need is set aside before this one is covered.
    const reserved = await chainRepo.reserved(tx);
    const ethNeeded = gas * fees.maxFeePerGas + call.value;
    if (balances.eth - reserved.ETH < ethNeeded || (usdt && balances.usdt - reserved.USDT < value)) return 'waiting';
    const nonce = await chainRepo.nextNonce(tx, from, chainCount);
    const rawTx = await c.hot.signTransaction({
      chainId: c.chainId,
      type: 'eip1559',
      ...call,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      nonce,
    });
    payoutCrashPoints.afterSign?.();
    const txHash = keccak256(rawTx);
    await chainRepo.recordSigned(tx, {
      transactionId: input.reference,
      fromAddress: from,
      nonce,
      rawTx,
      txHash,
      value,
    });
    return chainRepo.payout(tx, input.reference);
  });
  if (row === 'waiting') {
    await chainRepo.upsertWaiting(ctx.db, input.reference, PAYOUT_MSG.waiting(input.currency));
    return { status: 'waiting', reason: PAYOUT_MSG.waiting(input.currency) };
  }
  if (!row) throw new Error('the signed payout was not recorded');
  payoutCrashPoints.afterRecord?.();
  return resume(c, row);
}

async function resume(c: ChainClients, p: ChainPayoutRow): Promise<PayoutResult> {
  if (p.status === 'failed') return { status: 'failed', reason: p.note ?? PAYOUT_MSG.reverted };
  if (p.status === 'signed' && p.rawTx) await broadcast(c, p.rawTx as Hex, p.txHash as Hex);
  return { status: 'submitted', ref: p.txHash as string };
}

/** Sends signed bytes; sending the same bytes again is harmless (same hash, same nonce). */
export async function broadcast(c: ChainClients, rawTx: Hex, hash: Hex): Promise<void> {
  try {
    await c.publicClient.sendRawTransaction({ serializedTransaction: rawTx });
  } catch (err) {
    const known = await c.publicClient.getTransaction({ hash }).catch(() => null);
    if (known) return;
    // The nonce was used already: mined (the tracker finds the receipt) or replaced (it fails the payout).
    if (/nonce too low|already known|already imported/i.test(String((err as Error).message))) return;
    throw err;
  }
}
