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
});
