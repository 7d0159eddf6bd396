import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_STAFF, expect, loginViaApi, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient, type E2EUser } from './support/users';
import { expectNoA11yViolations } from './support/a11y';

const SHOTS = process.env.MONEY_SCREENSHOTS; // a folder, to look at the screens while developing

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

async function post(request: APIRequestContext, user: { token: string }, url: string, data?: unknown) {
  const r = await request.post(`/api/v1${url}`, { headers: auth(user), ...(data === undefined ? {} : { data }) });
  expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
  return r.json();
}

/** A project of `client` with `dev` on the team and a task priced `price` assigned to the developer. */
async function assignedTask(request: APIRequestContext, client: E2EUser, dev: E2EUser, price: string) {
  const created = await post(request, client, '/projects', {
    name: 'Ledger revamp',
    description: 'Pay me',
    company: 'Acme',
  });
  const handle = created.handle as string;
  const p = await request.get(`/api/v1/projects/${handle}`, { headers: auth(client) });
  const project = await p.json();
  await post(request, client, `/invites/projects/${project.id}`, { userID: dev.id });
  await post(request, dev, `/invites/projects/${project.id}/accept`);
  const task = await post(request, client, '/tasks', {
    projectID: project.id,
    summary: 'Build the payments page',
    description: 'With a ledger',
    assigneeID: dev.id,
    price,
  });
  return { project, task };
}

test('deposit confirmed by staff, task paid live, developer withdraws', async ({ browser, request }) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);

  // The client deposits: choose a currency, Continue, then the address as a QR code.
  const clientCtx = await browser.newContext();
  const clientPage = await clientCtx.newPage();
  await useToken(clientPage, client.token);
  await clientPage.goto('/finances/deposit');
  const cont = clientPage.getByRole('button', { name: 'Continue' });
  await expect(cont).toBeDisabled();
  await expectNoA11yViolations(clientPage);
  await clientPage.getByRole('radio', { name: /USDT on Tron \(TRC-20\)/ }).check();
  await expect(cont).toBeEnabled();
  await cont.click();
  await expect(clientPage.getByTestId('deposit-qr').locator('svg')).toBeVisible();
  await expect(clientPage.getByText('Received so far')).toBeVisible();
  await expect(clientPage.getByRole('timer', { name: 'Time left' })).toHaveText(/\d+h \d+m \d+s/);
  await expectNoA11yViolations(clientPage);
  await shot(clientPage, 'deposit-pending');

  // Staff confirm 100 USDT in /admin.
  const staffCtx = await browser.newContext();
  const staffPage = await staffCtx.newPage();
  await useToken(staffPage, await loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password));
  await staffPage.goto('/admin');
  await staffPage.getByRole('tab', { name: 'Transactions' }).click();
  await staffPage.getByLabel(`Amount received for ${client.email}`).fill('100');
  await shot(staffPage, 'admin-transactions');
  await expectNoA11yViolations(staffPage);
  await staffPage
    .getByRole('row', { name: new RegExp(client.email) })
    .getByRole('button', { name: 'Confirm' })
    .click();
  // Issue 28.4: staff confirm the credit in a dialog naming the user and the amount.
  const credit = staffPage.getByRole('dialog', { name: /^Credit 100\.00 USDT to / });
  await expect(credit).toContainText(client.email);
  await credit.getByRole('button', { name: 'Credit 100.00 USDT' }).click();
  await expect(staffPage.getByText('Deposit confirmed')).toBeVisible();
  await staffCtx.close();

  // The client's page sees it complete without a reload.
  await expect(clientPage.getByText('Deposit complete')).toBeVisible();

  // A 30 USDT task assigned to the developer holds the price.
  const { task } = await assignedTask(request, client, dev, '30');

  const devCtx = await browser.newContext();
  const devPage = await devCtx.newPage();
  await useToken(devPage, dev.token);
  await devPage.goto('/finances');
  await expect(devPage.getByLabel('Balance', { exact: true })).toHaveText('$0.00 USDT');

  await post(request, dev, `/tasks/${task.id}/stage`, { stage: 'Review' });
  await post(request, client, `/tasks/${task.id}/stage`, { stage: 'Complete' });
  // Live: 30 USDT arrive while the page is open.
  await expect(devPage.getByLabel('Balance', { exact: true })).toHaveText('$30.00 USDT');
  await expect(devPage.getByRole('row', { name: /Payment-In/ })).toContainText('+$30.00');

  // The developer withdraws 25 USDT to a valid address.
  await devPage.getByRole('link', { name: 'Withdraw' }).click();
  await devPage.getByRole('button', { name: 'Continue' }).click();
  const withdraw = devPage.getByRole('button', { name: 'Withdraw' });
  await expect(withdraw).toBeDisabled();
  await devPage.getByRole('combobox', { name: 'Currency' }).click();
  await devPage.getByRole('option', { name: 'ETH' }).click();
  await devPage.getByLabel('Address').fill('0x123');
  await expect(devPage.getByText('Enter a valid ETH address')).toBeVisible();
  await devPage.getByLabel('Address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
  await devPage.getByLabel('Amount').fill('10');
  await expect(devPage.getByText('Minimum withdrawal is $20.00 USDT')).toBeVisible();
  await devPage.getByLabel('Amount').fill('31');
  await expect(devPage.getByText('Insufficient balance. You only have $30.00 USDT available.')).toBeVisible();
  await expectNoA11yViolations(devPage);
  await devPage.getByLabel('Amount').fill('25');
  await devPage.getByLabel('Password').fill(dev.password);
  await expect(withdraw).toBeEnabled();
  await shot(devPage, 'withdraw-form');
  await withdraw.click();
  await expect(devPage).toHaveURL(/\/transaction\//);
  await expect(devPage.getByRole('heading', { name: 'Withdrawal' })).toBeVisible();
  await expect(devPage.getByText('−$25.00 USDT').first()).toBeVisible();
  await expectNoA11yViolations(devPage);
  await shot(devPage, 'transaction');

  // /finances for both shows the right rows.
  await devPage.goto('/finances');
  await expect(devPage.getByLabel('Balance', { exact: true })).toHaveText('$5.00 USDT');
  await expect(devPage.getByRole('row', { name: /Withdrawal/ })).toContainText('Pending');
  await expect(devPage.getByRole('row', { name: /Payment-In/ })).toContainText('Complete');
  await shot(devPage, 'finances-dev');
  await expectNoA11yViolations(devPage);

  await clientPage.goto('/finances');
  await expect(clientPage.getByLabel('Balance', { exact: true })).toHaveText('$70.00 USDT');
  await expect(clientPage.getByRole('row', { name: /Deposit/ })).toContainText('+$100.00');
  await expect(clientPage.getByRole('row', { name: /Payment-Out/ })).toContainText('−$30.00');
  await shot(clientPage, 'finances-client');
  await clientPage.setViewportSize({ width: 375, height: 800 });
  await shot(clientPage, 'finances-client-375');
  await expectNoA11yViolations(clientPage);
  await clientPage
    .getByRole('row', { name: /Payment-Out/ })
    .getByRole('link', { name: 'Open' })
    .click();
  await expect(clientPage.getByRole('link', { name: /Build the payments page/ })).toBeVisible();
  await shot(clientPage, 'transaction-375');
  await expectNoA11yViolations(clientPage);
  await clientCtx.close();
  await devCtx.close();
});
