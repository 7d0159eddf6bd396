import { describe, expect, it } from 'vitest';
import { microsToWei, weiToMicros } from '../../../src/modules/payments/evm/chain';

/** ETH ↔ micro-USDT at a Chainlink-style price (8 decimals): exact, rounded down in our favour. */
describe('ETH pricing', () => {
  const price = { answer: 3000_00000000n, decimals: 8 };

  it('converts whole amounts exactly', () => {
    expect(weiToMicros(10n ** 16n, price)).toBe(30_000000n); // 0.01 ETH = 30 USDT
    expect(microsToWei(30_000000n, price)).toBe(10n ** 16n);
  });

  it('rounds down: never credits or pays more than the price gives', () => {
    const odd = { answer: 2999_12345678n, decimals: 8 };
    const wei = microsToWei(20_000000n, odd);
    expect(weiToMicros(wei, odd)).toBeLessThanOrEqual(20_000000n);
    expect(weiToMicros(1n, price)).toBe(0n); // dust is worth nothing
  });
});
