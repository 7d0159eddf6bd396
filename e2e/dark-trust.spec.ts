import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { E2E_STAFF, expect, loginViaApi, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient } from './support/users';

/**
 * Issue 28 (dark mode): the pieces added in round 3 read well on the dark theme at 1366 and 375 px:
 * /account's Sessions, Two-step verification, Withdrawal addresses and API tokens, a project's
 * Settings → Webhooks, /solvency, the Approve and pay dialog, and the deposit page's network choice
 * and Test mode notice. axe's colour-contrast rule is the check; the PNGs (DARK_SHOTS=dir) are for
 * looking at.
 */
test.describe.configure({ timeout: 240_000 });

const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
const SHOTS = process.env.DARK_SHOTS;

async function post(request: APIRequestContext, user: { token: string }, url: string, data?: unknown) {
  const r = await request.post(`/api/v1${url}`, { headers: auth(user), ...(data === undefined ? {} : { data }) });
  expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
  return r.json();
}

async function darkPage(browser: Browser, token: string, width: number): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    colorScheme: 'dark',
    reducedMotion: 'reduce',
  });
  const page = await ctx.newPage();
  await useToken(page, token);
  return page;
}

async function look(page: Page, name: string, width: number, region?: string) {
  await expectNoA11yViolations(page);
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}-${width}.png`;
  // The workspace scrolls inside its own pane: a region is shot by itself.
  if (region) await page.getByRole('region', { name: region }).screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

for (const width of [1366, 375]) {
  test(`dark mode at ${width} px: account security, webhooks, solvency, approve and pay, deposit`, async ({
    browser,
    request,
  }) => {
    const [owner, dev] = await Promise.all([createVerifiedClient(request), createApprovedDeveloper(request)]);
    const project = await post(request, owner, '/projects', {
      name: `Dark ${Date.now().toString(36)}`,
      description: 'Dark mode check',
      company: 'Acme',
    });
    await post(request, owner, `/invites/projects/${project.id}`, { userID: dev.id });
    await post(request, dev, `/invites/projects/${project.id}/accept`);
    const { transactionID } = await post(request, owner, '/user/deposit', { currency: 'USDT' });
    const staff = { token: await loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password) };
    await post(request, staff, `/admin/transactions/${transactionID}/complete`, { amount: '500' });
    const task = await post(request, owner, '/tasks', {
      projectID: project.id,
      summary: 'Checkout page',
      assigneeID: dev.id,
      price: '120',
    });
    await post(request, dev, `/tasks/${task.id}/stage`, { stage: 'Review' });
    await post(request, owner, '/user/tokens', { name: 'CI deploys', scopes: ['tasks:read'] }).catch(() => null);

    const page = await darkPage(browser, owner.token, width);
    await page.goto('/account');
    for (const name of ['Sessions', 'Two-step verification', 'Withdrawal addresses', 'API tokens']) {
      await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible({ timeout: 30_000 });
    }
    await look(page, 'account', width);

    await page.goto(`/projects/id/${project.id}`);
    await page.getByRole('navigation', { name: 'Project menu' }).getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('region', { name: 'Webhooks' })).toBeVisible();
    await look(page, 'webhooks', width, 'Webhooks');

    await page.goto('/solvency');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await look(page, 'solvency', width);

    await page.goto(`/task/${task.identifier}`);
    await page.getByRole('button', { name: 'Approve and pay 120 USDT' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm Complete' })).toBeVisible();
    await look(page, 'approve-pay', width);
    await page.getByRole('dialog', { name: 'Confirm Complete' }).getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/finances/deposit');
    await expect(page.getByText(/Test mode: deposits of/).first()).toBeVisible();
    await look(page, 'deposit', width);
    await page.context().close();
  });
}
