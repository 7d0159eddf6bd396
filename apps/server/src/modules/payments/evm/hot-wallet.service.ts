import { formatMoney, type HotWallet } from '@devmarket/contract';
import { formatEther } from 'viem';
import type { AppContext } from '../../../context';
import { chainClients, hotWalletBalances } from './chain';
import { chainRepo } from './chain.repo';

/** Staff: the hot wallet's ETH and USDT balances and the payouts waiting for it (DESIGN §12). */
export async function getHotWallet(ctx: AppContext): Promise<HotWallet> {
  const evm = ctx.config.evm;
  if (!evm) return { enabled: false, address: null, eth: null, usdt: null, waiting: [] };
  const waiting = (await chainRepo.waitingPayouts(ctx.db)).map((w) => ({
    transactionID: w.transactionId,
    currency: w.currency,
    amount: formatMoney(w.amount),
    since: w.since.toISOString(),
    note: w.note,
  }));
  const c = await chainClients(evm);
  const b = await hotWalletBalances(c);
  // USDT has 6 decimals: its units are micro-USDT, the ledger's own unit.
  return { enabled: true, address: b.address, eth: formatEther(b.eth), usdt: formatMoney(b.usdt), waiting };
}
