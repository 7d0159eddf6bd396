import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type Currency, text, tryParseMoney } from '@devmarket/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { btcDepositAddress, parseBtcXpub } from '../../lib/hd-keys';
import { depositIndex } from './evm/addresses.service';
import type { PaymentProvider, ProviderEvent } from './provider';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** Deterministic-looking addresses: the same reference always gets the same address. */
export function simulatedAddress(currency: Currency, reference: string): string {
  const digest = createHash('sha256').update(`${currency}:${reference}`).digest();
  if (currency === 'BTC')
    return `bc1q${[...digest]
      .slice(0, 32)
      .map((b) => BECH32[b % 32])
      .join('')
      .slice(0, 38)}`;
  if (currency === 'ETH') return `0x${digest.subarray(0, 20).toString('hex')}`;
  const long = createHash('sha512').update(`${currency}:${reference}`).digest();
  return `T${[...long]
    .map((b) => BASE58[b % 58])
    .join('')
    .slice(0, 33)}`;
}

export const SIGNATURE_HEADER = 'x-signature';

export function signWebhook(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

const eventSchema = z.discriminatedUnion('type', [
  z.object({
    id: text().min(1).max(200),
    type: z.literal('deposit.received'),
    reference: text().uuid(),
    amount: z.union([text(), z.number()]).transform((v) => tryParseMoney(String(v))),
    final: z.boolean().default(true),
  }),
  z.object({ id: text().min(1).max(200), type: z.literal('payout.completed'), reference: text().uuid() }),
  z.object({
    id: text().min(1).max(200),
    type: z.literal('payout.failed'),
    reference: text().uuid(),
    reason: text().max(500).default('The provider could not send the payout'),
  }),
]);

/**
 * The default provider: no network. Addresses are derived from the reference, payouts succeed at
 * once, and webhooks are JSON signed with HMAC-SHA256 of the raw body under the app's secret
 * (hex, header x-signature). Staff confirm received deposits in /admin.
 */
export function createSimulatedProvider(secret: string, ctx?: AppContext): PaymentProvider {
  // DESIGN §12: with BTC_XPUB, BTC addresses are real BIP-84 addresses (m/84'/0'/0'/0/n, n per user).
  const btcKey = ctx?.config.btcXpub ? parseBtcXpub(ctx.config.btcXpub) : null;
  return {
    name: 'simulated',
    async createDepositAddress({ reference, currency, userId }) {
      if (currency === 'BTC' && btcKey && ctx) {
        const { n } = await depositIndex(ctx, userId);
        return { address: btcDepositAddress(btcKey, n), ref: `sim-dep-${reference}` };
      }
      return { address: simulatedAddress(currency, reference), ref: `sim-dep-${reference}` };
    },
    async sendPayout({ reference }) {
      return { status: 'sent', ref: `sim-pay-${reference}` };
    },
    verifyWebhook(rawBody, headers) {
      const given = headers[SIGNATURE_HEADER];
      if (typeof given !== 'string' || !/^(sha256=)?[0-9a-f]{64}$/i.test(given)) return null;
      const expected = Buffer.from(signWebhook(secret, rawBody), 'hex');
      const actual = Buffer.from(given.replace(/^sha256=/i, ''), 'hex');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) return null;
      const e = parsed.data;
      if (e.type === 'deposit.received') {
        if (e.amount === null || e.amount <= 0n) return null;
        return { ...e, amount: e.amount } as ProviderEvent;
      }
      return e;
    },
  };
}
