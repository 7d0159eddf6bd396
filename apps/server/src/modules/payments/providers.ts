import {
  CURRENCIES,
  type Currency,
  type DepositOption,
  depositLabel,
  type UsdtNetwork,
  USDT_NETWORKS,
} from '@devmarket/contract';
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

/**
 * DESIGN §12: with ETH_RPC_URL set, ETH and USDT (on Ethereum, ERC-20) go through the evm provider;
 * everything else is simulated. `network` is USDT's; a network no provider serves is null.
 */
export function providerFor(ctx: AppContext, currency: Currency, network?: UsdtNetwork): PaymentProvider {
  if (ctx.config.evm && (currency === 'ETH' || (currency === 'USDT' && network !== 'TRC-20')))
    return getProvider(ctx, 'evm') as PaymentProvider;
  return getProvider(ctx) as PaymentProvider;
}

/**
 * Each way to deposit and who serves it (GET /config/money; issue 28). Without chain rails the
 * simulated provider serves every currency, USDT on both networks, and staff confirm deposits by
 * hand ("Test mode"). With them, USDT is taken on Ethereum only (the chain the server reads).
 */
export function depositOptions(ctx: AppContext): DepositOption[] {
  const options: DepositOption[] = [];
  for (const currency of CURRENCIES) {
    const networks: (UsdtNetwork | null)[] =
      currency !== 'USDT' ? [null] : ctx.config.evm ? ['ERC-20'] : [...USDT_NETWORKS];
    for (const network of networks) {
      const provider = providerFor(ctx, currency, network ?? undefined).name;
      options.push({
        currency,
        network,
        label: depositLabel(currency, network),
        provider,
        testMode: provider === 'simulated',
      });
    }
  }
  return options;
}
