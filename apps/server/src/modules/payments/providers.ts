import type { Currency } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { createEvmProvider } from './evm/evm.provider';
import type { PaymentProvider } from './provider';
import { createSimulatedProvider } from './simulated';

const cache = new WeakMap<AppContext['config'], Map<string, PaymentProvider>>();

function build(ctx: AppContext, name: string): PaymentProvider | null {
  if (name === 'simulated') return createSimulatedProvider(ctx.config.secret, ctx);
  if (name === 'evm' && ctx.config.evm) return createEvmProvider(ctx, ctx.config.evm);
  return null;
}

/** The providers this deployment knows, by name; the simulated one is the default. */
export function getProvider(ctx: AppContext, name = 'simulated'): PaymentProvider | null {
  let byName = cache.get(ctx.config);
  if (!byName) {
    byName = new Map();
    cache.set(ctx.config, byName);
  }
  let p = byName.get(name);
  if (!p) {
    const built = build(ctx, name);
    if (!built) return null;
    p = built;
    byName.set(name, p);
  }
  return p;
}

/** DESIGN §12: with ETH_RPC_URL set, ETH and USDT go through the evm provider; everything else is simulated. */
export function providerFor(ctx: AppContext, currency: Currency): PaymentProvider {
  if (ctx.config.evm && (currency === 'ETH' || currency === 'USDT')) return getProvider(ctx, 'evm') as PaymentProvider;
  return getProvider(ctx) as PaymentProvider;
}
