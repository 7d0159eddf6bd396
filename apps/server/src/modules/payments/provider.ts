import type { Currency } from '@devmarket/contract';

/** What a provider tells us in a webhook, after its signature was checked. */
export type ProviderEvent =
  /** Money arrived at a deposit address (USDT at the provider's rate); `final` completes the deposit. */
  | { id: string; type: 'deposit.received'; reference: string; amount: bigint; final: boolean }
  | { id: string; type: 'payout.completed'; reference: string }
  | { id: string; type: 'payout.failed'; reference: string; reason: string };

/**
 * A payment provider (DESIGN §4). Calls may do network I/O, so callers never make them inside a
 * database transaction. `reference` is our transaction id: providers deduplicate on it, so a
 * retried call never pays twice.
 */
export type PaymentProvider = {
  name: string;
  createDepositAddress(input: { reference: string; currency: Currency }): Promise<{ address: string; ref: string }>;
  sendPayout(input: {
    reference: string;
    currency: Currency;
    address: string;
    amount: bigint;
  }): Promise<{ status: 'sent'; ref: string } | { status: 'failed'; reason: string }>;
  /** Checks the signature over the raw body and parses it; null when forged or malformed. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): ProviderEvent | null;
};
