import type { Currency, UsdtNetwork } from '@devmarket/contract';

/** What a provider tells us in a webhook, after its signature was checked. */
export type ProviderEvent =
  /** Money arrived at a deposit address (USDT at the provider's rate); `final` completes the deposit. */
  | { id: string; type: 'deposit.received'; reference: string; amount: bigint; final: boolean }
  | { id: string; type: 'payout.completed'; reference: string }
  | { id: string; type: 'payout.failed'; reference: string; reason: string };

/**
 * sent: paid, final. submitted: on its way (a chain transaction); the provider settles it later.
 * waiting: not sent, and nothing is lost by trying again later (the hot wallet cannot cover it).
 */
export type PayoutResult =
  | { status: 'sent'; ref: string }
  | { status: 'submitted'; ref: string }
  | { status: 'waiting'; reason: string }
  | { status: 'failed'; reason: string };

/**
 * A payment provider (DESIGN §4). Calls may do network I/O, so callers never make them inside a
 * database transaction. `reference` is our transaction id: providers deduplicate on it, so a
 * retried call never pays twice.
 */
export type PaymentProvider = {
  name: string;
  /** `userId`: providers with one address per user (chain rails) derive it from the user's index. */
  createDepositAddress(input: {
    reference: string;
    currency: Currency;
    userId: string;
    /** USDT's network (ERC-20 or TRC-20); the provider's own when absent. */
    network?: UsdtNetwork;
  }): Promise<{ address: string; ref: string }>;
  sendPayout(input: { reference: string; currency: Currency; address: string; amount: bigint }): Promise<PayoutResult>;
  /** Checks the signature over the raw body and parses it; null when forged or malformed. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): ProviderEvent | null;
};
