import { describe, expect, it } from 'vitest';
import { isValidAddress, usdtNetworkOf, withdrawBody } from '../src/index';

/** Checksum vectors (DESIGN §8): published examples, each also with one character changed. */
describe('withdrawal addresses', () => {
  const cases: [string, 'BTC' | 'ETH' | 'USDT', string, boolean][] = [
    ['BTC legacy P2PKH', 'BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['BTC legacy, bad checksum', 'BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', false],
    ['BTC P2SH', 'BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['BTC P2SH, bad checksum', 'BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz', false],
    ['BTC legacy zero hash', 'BTC', '1111111111111111111114oLvT2', false],
    ['BTC bech32 P2WPKH', 'BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['BTC bech32, bad checksum', 'BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp', false],
    ['BTC bech32 P2WSH (BIP-173)', 'BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', true],
    ['BTC bech32 upper case', 'BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ', true],
    ['BTC bech32 mixed case', 'BTC', 'bc1qAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', false],
    ['BTC bech32m taproot (BIP-86)', 'BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', true],
    ['BTC bech32m, bad checksum', 'BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj1', false],
    ['ETH all lower case', 'ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', true],
    ['ETH EIP-55', 'ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', true],
    ['ETH EIP-55', 'ETH', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', true],
    ['ETH EIP-55', 'ETH', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', true],
    ['ETH EIP-55', 'ETH', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', true],
    ['ETH wrong EIP-55 case', 'ETH', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', false],
    ['ETH zero address', 'ETH', '0x0000000000000000000000000000000000000000', false],
    ['ETH too short', 'ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', false],
    ['USDT on Ethereum', 'USDT', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', true],
    ['USDT wrong EIP-55 case', 'USDT', '0xdbf03B407c01E7cD3CBea99509d93f8DDDC8C6FB', false],
    ['USDT on TRON', 'USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', true],
    ['USDT TRON, bad checksum', 'USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', false],
    ['USDT TRON zero address', 'USDT', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', false],
    ['USDT given a BTC address', 'USDT', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', false],
  ];
  it.each(cases)('%s (%s %s) → %s', (_name, currency, address, valid) => {
    expect(isValidAddress(currency, address)).toBe(valid);
  });

  it('names the USDT network of an address', () => {
    expect(usdtNetworkOf('0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB')).toBe('ERC-20');
    expect(usdtNetworkOf('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TRC-20');
    expect(usdtNetworkOf('nonsense')).toBeNull();
  });

  it('refuses a bad checksum on the withdraw body, under address', () => {
    const r = withdrawBody.safeParse({
      currency: 'ETH',
      address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      amount: '25',
      password: 'x',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['address']);
  });
});
