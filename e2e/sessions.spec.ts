import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { hydrated } from './support/page';
import { createVerifiedClient, type E2EUser } from './support/users';

/** Signs in through the login page, as a person does (the server sets the HttpOnly cookie). */
async function signIn(page: Page, user: E2EUser) {
  await page.goto('/login');
  // The page arrives pre-rendered: typing before hydration would be submitted by the browser.
  await hydrated(page, 'form[aria-label="Log in"]');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function newPage(browser: Browser, userAgent: string, viewport = { width: 1366, height: 900 }) {
  const context = await browser.newContext({ userAgent, viewport });
  return context.newPage();
}

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

test('the session cookie is HttpOnly, and page script cannot see it', async ({ page, request }) => {
  const user = await createVerifiedClient(request);
  await signIn(page, user);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'AccessToken');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('AccessToken');
});

test('sign in in two browsers; sign the other out from /account; it is signed out', async ({ browser, request }) => {
  const user = await createVerifiedClient(request);
  const mine = await newPage(
    browser,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  );
  const other = await newPage(browser, FIREFOX);
  await signIn(mine, user);
  await signIn(other, user);

  await mine.goto('/account');
  const sessions = mine.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  const thisOne = sessions.getByRole('listitem', { name: 'Chrome on Windows (this browser)' });
  await expect(thisOne.getByText('This browser')).toBeVisible();
  const firefox = sessions.getByRole('listitem', { name: 'Firefox on Linux' });
  await expect(firefox).toBeVisible();
  await firefox.getByRole('button', { name: 'Sign out' }).click();
  await expect(mine.getByText('Session signed out')).toBeVisible();
  await expect(firefox).toHaveCount(0);

  // The other browser is signed out: its next page load goes to the login page.
  await other.goto('/account');
  await expect(other).toHaveURL(/\/login/);
  // This one carries on.
  await mine.reload();
  await expect(mine.getByRole('heading', { name: 'Account' })).toBeVisible();
  await mine.context().close();
  await other.context().close();
});

test('"Sign out of all other sessions" at 375 px; nothing scrolls sideways', async ({ browser, request }) => {
  const user = await createVerifiedClient(request);
  const phone = await newPage(
    browser,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    {
      width: 375,
      height: 812,
    },
  );
  const a = await newPage(browser, FIREFOX);
  const b = await newPage(browser, 'curl/8.5.0');
  for (const p of [phone, a, b]) await signIn(p, user);
  await phone.goto('/account');
  const sessions = phone.getByRole('region', { name: 'Sessions' });
  // Three browsers and the API session the test user was made with.
  await expect(sessions.getByRole('listitem')).toHaveCount(4);
  await sessions.getByRole('listitem').first().scrollIntoViewIfNeeded();
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  if (process.env.SESSIONS_SCREENSHOTS) await sessions.screenshot({ path: 'test-results/sessions-375.png' });
  await sessions.getByRole('button', { name: 'Sign out of all other sessions' }).click();
  await expect(phone.getByText('3 sessions signed out')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await a.goto('/account');
  await expect(a).toHaveURL(/\/login/);
  for (const p of [phone, a, b]) await p.context().close();
});
