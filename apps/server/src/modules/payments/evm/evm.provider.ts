import type { EvmConfig } from '../../../config';
import type { AppContext } from '../../../context';
import type { PaymentProvider } from '../provider';
import { depositIndex } from './addresses.service';
import { chainClients } from './chain';
import { sendChainPayout } from './payouts.service';

/**
 * The evm provider (DESIGN §12). Deposits: one address per user, watched by the block watcher
 * (watcher.service.ts), which credits what arrives; there are no webhooks. Payouts: signed from the
 * hot wallet and tracked to ETH_CONFIRMATIONS by the watcher.
 */
export function createEvmProvider(ctx: AppContext, config: EvmConfig): PaymentProvider {
  return {
    name: 'evm',
    async createDepositAddress({ reference, userId }) {
      const { address } = await depositIndex(ctx, userId);
      if (!address) throw new Error('the evm provider has no DEPOSIT_XPUB');
      return { address, ref: `evm-dep-${reference}` };
    },
    async sendPayout(input) {
      return sendChainPayout(ctx, await chainClients(config), input);
    },
    // The chain is read directly; a webhook for this provider is always refused.
    verifyWebhook: () => null,
  };
}
