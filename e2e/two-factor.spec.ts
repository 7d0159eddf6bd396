import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { E2E_STAFF, expect, loginViaApi, test, useToken } from './support/fixtures';
import { createApprovedDeveloper } from './support/users';
import { expectNoA11yViolations } from './support/a11y';

const SHOTS = process.env.TWO_FACTOR_SCREENSHOTS; // a folder, to look at the screens while developing
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * The code an authenticator app shows for the secret, for a time step after `after` (a code is
 * accepted once, so each use waits for the next step rather than replaying one).
 */
async function nextCode(secret: string, after = -1): Promise<{ code: string; step: number }> {
  const totp = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
  for (;;) {
    const step = totp.counter();
    if (step > after) return { code: totp.generate(), step };
    await new Promise((r) => setTimeout(r, 500));
  }
}

test('a developer turns on two-step verification, signs in with a code and withdraws with one', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const dev = await createApprovedDeveloper(request);
  // 100 USDT on the developer's balance: a deposit that staff confirm.
  const auth = { authorization: `Bearer ${dev.token}` };
  const dep = await request.post('/api/v1/user/deposit', { headers: auth, data: { currency: 'USDT' } });
  expect(dep.status(), await dep.text()).toBe(200);
  const staff = await loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password);
  const done = await request.post(`/api/v1/admin/transactions/${(await dep.json()).transactionID}/complete`, {
    headers: { authorization: `Bearer ${staff}` },
    data: { amount: '100' },
  });
  expect(done.status(), await done.text()).toBe(200);

  // /account → Two-step verification: password, then the QR code and the key as text.
  await useToken(page, dev.token);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByLabel('Current Password').fill(dev.password);
  await section.getByRole('button', { name: 'Set Up' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoA11yViolations(page);
  await shot(page, 'account-2fa-setup');
  let last = await nextCode(secret);
  await section.getByLabel('Authentication code').fill(last.code);
  await section.getByRole('button', { name: 'Turn On' }).click();
  await expect(section.getByText('Two-step verification is on. Save these recovery codes')).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await section.getByRole('listitem').allTextContents();
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('devmarket-recovery-codes.txt');
  await shot(page, 'account-2fa-codes');
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText('On. Signing in and withdrawing ask for a code')).toBeVisible();

  // Sign out, then sign in: password, then the second screen asks for the code.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.goto('/login');
  // The page arrives pre-rendered: typing before hydration would be submitted by the browser.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(dev.email);
  await page.getByLabel('Password', { exact: true }).fill(dev.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'login-2fa');
  last = await nextCode(secret, last.step);
  await page.getByLabel('Authentication code').fill(last.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();

  // Withdraw: the form asks for the code too.
  await page.goto('/finances/withdraw');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'ETH' }).click();
  await page.getByLabel('Address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
  await page.getByLabel('Amount').fill('25');
  await page.getByLabel('Password').fill(dev.password);
  last = await nextCode(secret, last.step);
  await page.getByLabel('Authentication code').fill(last.code);
  await expectNoA11yViolations(page);
  await shot(page, 'withdraw-2fa');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(/\/transaction\//);
  await expect(page.getByText('−$25.00 USDT').first()).toBeVisible();

  // The address book on /account, at 375 px too: nothing scrolls sideways.
  await page.goto('/account');
  const book = page.getByRole('region', { name: 'Withdrawal addresses' });
  await book.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'BTC' }).click();
  await book.getByRole('textbox', { name: 'Address' }).fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  await book.getByRole('textbox', { name: 'Label' }).fill('Cold storage');
  await book.getByRole('button', { name: 'Add Address' }).click();
  await expect(book.getByText('Cold storage', { exact: true })).toBeVisible();
  await expect(book.getByText(/^Usable from \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
  await book.getByRole('switch', { name: 'Withdraw only to saved addresses' }).check();
  await expect(book.getByRole('textbox', { name: 'Authentication code' })).toBeVisible();
  await expectNoA11yViolations(page);
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `account-security-${width}`);
  }
  await book.getByRole('button', { name: 'Cancel' }).click();

  // Turning it off with a recovery code pauses withdrawals: the withdraw page says until when.
  const twoStep = page.getByRole('region', { name: 'Two-step verification' });
  await twoStep.getByLabel('Current Password').fill(dev.password);
  await twoStep.getByLabel('Authentication code').fill(recoveryCodes[0] as string);
  await twoStep.getByRole('button', { name: 'Turn Off' }).click();
  await expect(twoStep.getByRole('button', { name: 'Set Up' })).toBeVisible();
  await page.goto('/finances/withdraw');
  await expect(
    page.getByText(/^Withdrawals are paused until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} after a security change$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, 'withdraw-paused-375');
});
