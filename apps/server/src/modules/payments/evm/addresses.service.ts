import type { AppContext } from '../../../context';
import { chainRepo } from './chain.repo';
import { ethDepositAddress, parseAccountXpub } from '../../../lib/hd-keys';

const keys = new Map<string, ReturnType<typeof parseAccountXpub>>();

/** Derives ETH/USDT deposit address n from DEPOSIT_XPUB (null when the evm provider is off). */
export function ethAddressDeriver(ctx: AppContext): ((n: number) => string) | null {
  const xpub = ctx.config.evm?.depositXpub;
  if (!xpub) return null;
  let key = keys.get(xpub);
  if (!key) {
    key = parseAccountXpub(xpub);
    keys.set(xpub, key);
  }
  const k = key;
  return (n) => ethDepositAddress(k, n);
}

/** The user's deposit index (allocated on first use) and, with the evm provider on, their ETH/USDT address. */
export async function depositIndex(ctx: AppContext, userId: string): Promise<{ n: number; address: string | null }> {
  const existing = await chainRepo.addressOf(ctx.db, userId);
  const derive = ethAddressDeriver(ctx);
  if (existing && (existing.address || !derive)) return existing;
  return ctx.db.transaction((tx) => chainRepo.allocateIndex(tx, userId, derive));
}

/** Fills in the ETH addresses of users numbered before the evm provider was configured. */
export async function backfillAddresses(ctx: AppContext): Promise<void> {
  const derive = ethAddressDeriver(ctx);
  if (!derive) return;
  for (const row of await chainRepo.indexesWithoutAddress(ctx.db))
    await chainRepo.setAddress(ctx.db, row.userId, derive(row.n));
}
