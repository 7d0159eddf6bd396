import { expect, test } from './support/fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { createVerifiedClient, loginInBrowser } from './support/users';

test('unknown paths show the not-found page with Return Home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Return Home' }).click();
  // A guest sent home is then sent on to log in.
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('the guard sends a guest from / to /login with the path as base64', async ({ page }) => {
  await page.goto('/finances?tab=1');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(Buffer.from(redirect ?? '', 'base64').toString()).toBe('/finances?tab=1');
});

test('terms, privacy and status pages are real pages', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto('/status');
  await expect(page.getByText('All systems operational')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(page.getByText(`© ${new Date().getFullYear()} DevMarket`)).toBeVisible();
});

test('shows the email verified notice from the address', async ({ page }) => {
  await page.goto('/terms?email_verified=true');
  await expect(page.getByText('Email verified successfully')).toBeVisible();
});

// The app's links are for people signed in: a guest sees Log in and Sign up instead (issue 28,
// e2e/trust.spec.ts), so the drawer and the desktop links are checked signed in.
test('the top bar collapses into a drawer at 375 px that closes on route change', async ({ page, request }) => {
  await loginInBrowser(page, await createVerifiedClient(request));
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/privacy');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expectNoA11yViolations(page);
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav).toBeHidden();
});

test('at desktop width the links are in the top bar', async ({ page, request }) => {
  await loginInBrowser(page, await createVerifiedClient(request));
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/privacy');
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});
