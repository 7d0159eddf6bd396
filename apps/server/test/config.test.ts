import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('applies the defaults of DESIGN §2 and generates the secret once', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      mailFrom: 'no-reply@localhost',
      pendingHours: 6,
      logLevel: 'info',
      authIpLimitPerMinute: 60,
      trustProxy: false,
      minReputationPrice: 5_000_000n,
    });
    expect(readFileSync(path.join(dir, 'secret'), 'utf8')).toBe(c.secret);
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(c.secret);
  });

  it('stops with a message naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'maybe', SECRET: 'x' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'maybe', SECRET: 'x' });
    } catch (err) {
      const msg = (err as Error).message;
      for (const key of ['PORT', 'DATABASE_URL', 'TRUST_PROXY', 'SECRET']) expect(msg).toContain(key);
    }
  });

  it('reads MIN_REPUTATION_PRICE as an exact amount and refuses anything else (DESIGN §19)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir, MIN_REPUTATION_PRICE: '2.5' }).minReputationPrice).toBe(2_500_000n);
    expect(loadConfig({ DATA_DIR: dir, MIN_REPUTATION_PRICE: '0.000001' }).minReputationPrice).toBe(1n);
    for (const bad of ['0', '-1', 'five', '0.0000001']) {
      expect(() => loadConfig({ DATA_DIR: dir, MIN_REPUTATION_PRICE: bad })).toThrow(/MIN_REPUTATION_PRICE/);
    }
  });
});

describe('chain rails configuration (DESIGN §12)', () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), 'cfg-'));
  const message = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: dir(), ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    return '';
  };

  it('is off without ETH_RPC_URL, and then requires its keys and addresses', () => {
    expect(loadConfig({ DATA_DIR: dir() }).evm).toBeNull();
    const m = message({ ETH_RPC_URL: 'http://127.0.0.1:8545' });
    for (const name of ['DEPOSIT_XPUB', 'HOT_WALLET_KEY', 'USDT_ERC20_ADDRESS', 'ETH_USD_FEED'])
      expect(m).toContain(`${name}: is required when ETH_RPC_URL is set`);
  });

  it('stops on a bad xpub, key or address, naming the variable', () => {
    const m = message({
      ETH_RPC_URL: 'http://127.0.0.1:8545',
      DEPOSIT_XPUB: 'xpub-not-a-key',
      HOT_WALLET_KEY: `0x${'f'.repeat(64)}`, // beyond the curve order: not a private key
      USDT_ERC20_ADDRESS: '0x1234',
      ETH_USD_FEED: 'feed',
      BTC_XPUB: 'zpub-nope',
      EXPLORER_TX_URL: 'https://etherscan.io/tx/',
    });
    expect(m).toMatch(/DEPOSIT_XPUB: is not valid/);
    expect(m).toMatch(/HOT_WALLET_KEY: is not valid/);
    expect(m).toMatch(/USDT_ERC20_ADDRESS: must be a 0x contract address/);
    expect(m).toMatch(/ETH_USD_FEED: must be a 0x price feed address/);
    expect(m).toMatch(/BTC_XPUB: is not valid/);
    expect(m).toMatch(/EXPLORER_TX_URL: must be a URL with \{hash\}/);
  });

  it('refuses an extended private key where the watch-only xpub belongs', () => {
    const xprv =
      'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
    expect(message({ BTC_XPUB: xprv })).toMatch(/BTC_XPUB: is not valid: is a private key/);
  });
});
