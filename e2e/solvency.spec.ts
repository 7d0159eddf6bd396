import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import type { APIRequestContext } from '@playwright/test';
import { E2E_STAFF, expect, loginViaApi, test, useToken } from './support/fixtures';
import { createVerifiedClient } from './support/users';

const getStaffToken = (request: APIRequestContext) => loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password);

const SHOTS = process.env.SOLVENCY_SCREENSHOTS; // a folder, to look at the page while developing

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const scroll = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(scroll, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a visitor sees the published root on /solvency, linked from the footer', async ({ page, request }) => {
  const staff = await getStaffToken(request);
  const r = await request.post('/api/v1/admin/solvency/publish', { headers: { authorization: `Bearer ${staff}` } });
  expect(r.status(), await r.text()).toBe(200);
  await page.goto('/terms');
  await page.getByRole('link', { name: 'Proof of liabilities' }).click();
  await expect(page).toHaveURL(/\/solvency$/);
  await expect(page.getByRole('heading', { name: 'Proof of liabilities', level: 1 })).toBeVisible();
  const latest = await (await request.get('/api/v1/solvency')).json();
  await expect(page.getByTestId('solvency-root')).toHaveText(/^[0-9a-f]{64}$/);
  // Another publish may land between the two reads: the page shows a root of the same form either way.
  expect(latest.root.hash).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByText('Total owed to users')).toBeVisible();
  await expect(page.getByText('Balances included')).toBeVisible();
  await expect(page.getByText('It does not prove')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Latest snapshot' }).getByRole('link', { name: 'Sign in' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await shots(page, 'solvency-visitor');
});

test('a signed-in user verifies their balance in the browser', async ({ browser, request }) => {
  const client = await createVerifiedClient(request);
  const staff = await getStaffToken(request);
  const headers = (token: string) => ({ authorization: `Bearer ${token}` });
  const d = await request.post('/api/v1/user/deposit', { headers: headers(client.token), data: { currency: 'USDT' } });
  expect(d.status(), await d.text()).toBe(200);
  const { transactionID } = await d.json();
  const c = await request.post(`/api/v1/admin/transactions/${transactionID}/complete`, {
    headers: headers(staff),
    data: { amount: '150' },
  });
  expect(c.status(), await c.text()).toBe(200);
  const p = await request.post('/api/v1/admin/solvency/publish', { headers: headers(staff) });
  expect(p.status(), await p.text()).toBe(200);

  for (const colorScheme of ['light', 'dark'] as const) {
    const ctx = await browser.newContext({ colorScheme });
    const page = await ctx.newPage();
    await useToken(page, client.token);
    await page.goto('/solvency');
    await page.getByRole('button', { name: 'Verify my balance' }).click();
    await expect(page.getByText('Your balance of 150.000000 USDT is included in the published total')).toBeVisible();
    await expect(page.getByText('Your nonce')).toBeVisible();
    await expectNoA11yViolations(page);
    await shots(page, `solvency-verified-${colorScheme}`);
    await ctx.close();
  }
});

test('staff read the audit log in the console, filtered by action', async ({ browser, request }) => {
  const staff = await getStaffToken(request);
  const client = await createVerifiedClient(request);
  const d = await request.post('/api/v1/user/deposit', {
    headers: { authorization: `Bearer ${client.token}` },
    data: { currency: 'USDT' },
  });
  const { transactionID } = await d.json();
  const f = await request.post(`/api/v1/admin/transactions/${transactionID}/fail`, {
    headers: { authorization: `Bearer ${staff}` },
  });
  expect(f.status(), await f.text()).toBe(200);
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await useToken(page, staff);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByText(`transaction ${transactionID}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Approved a developer' }).click();
  await expect(table.getByText(`transaction ${transactionID}`)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Failed a transaction' }).click();
  await expect(table.getByText(`transaction ${transactionID}`)).toBeVisible();
  await expectNoA11yViolations(page);
  await shots(page, 'audit-log');
  await ctx.close();
});
