import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { type DevChain, startDevChain } from '../apps/server/src/modules/payments/evm/dev-chain';
import { E2E_STAFF, expect, test, useToken } from './support/fixtures';
import { createVerifiedClient } from './support/users';

/**
 * DESIGN §12 end to end: a server of its own runs against a real chain (ganache, started here),
 * and the test sends USDT on the chain as a user's wallet would.
 */
let chain: DevChain;
let server: ChildProcess;
let baseURL: string;
let api: APIRequestContext;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  chain = await startDevChain();
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: path.join(tmpdir(), `e2e-chain-${port}-${Date.now()}`),
    LOG_LEVEL: 'warn',
    AUTH_IP_LIMIT_PER_MINUTE: '10000',
    ...chain.env,
    ETH_CONFIRMATIONS: '3',
    ETH_POLL_MS: '200',
  };
  // The web build is the one the suite's own server made (playwright.config.ts): served, not rebuilt.
  const tsx = ['--import', 'tsx'];
  const staff = spawnSync(
    process.execPath,
    [...tsx, 'apps/server/src/cli.ts', 'create-staff', '--email', E2E_STAFF.email, '--password', E2E_STAFF.password],
    { env, stdio: 'inherit' },
  );
  if (staff.status !== 0) throw new Error('could not create the staff account');
  server = spawn(process.execPath, [...tsx, 'apps/server/src/server.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
  for (let i = 0; ; i++) {
    const ok = await fetch(`${baseURL}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error('the chain e2e server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  api = await playwrightRequest.newContext({ baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  server?.kill('SIGTERM');
  await chain?.close();
});

test('a USDT deposit on the chain: address and QR, confirmations climbing, balance arriving live', async ({
  browser,
}) => {
  const user = await createVerifiedClient(api);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await useToken(page, user.token);
  await page.goto('/finances/deposit');
  await page.getByRole('radio', { name: /USDT/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('deposit-qr').locator('svg')).toBeVisible();
  const address = (await page.getByLabel('Deposit address').textContent())?.trim() as `0x${string}`;
  expect(address).toMatch(/^0x[0-9a-f]{40}$/);

  await chain.sendUsdt(address, 12_500000n);
  await expect(page.getByRole('status').filter({ hasText: 'Seen, 1 of 3 confirmations' })).toBeVisible();
  await chain.mine(1);
  await expect(page.getByRole('status').filter({ hasText: 'Seen, 2 of 3 confirmations' })).toBeVisible();
  await chain.mine(1);
  await expect(page.getByText('Deposit complete')).toBeVisible();
  await expect(page.getByText(/12\.50 USDT was added to your balance/)).toBeVisible();
  const balance = await api.get('/api/v1/user/balance', { headers: { authorization: `Bearer ${user.token}` } });
  expect(await balance.json()).toMatchObject({ balance: '12.5' });
  await context.close();
});
