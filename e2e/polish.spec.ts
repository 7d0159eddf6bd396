/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { E2E_STAFF, expect, loginViaApi, signUpViaApi, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient, type E2EUser, readLatestMail } from './support/users';

/** DESIGN §13: what a person sees. */

const SHOTS = process.env.POLISH_SHOTS; // a folder, to look at the screens while developing
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
const DATE_TIME = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{2}:\d{2}$/;
const VALID_TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

async function post(request: APIRequestContext, user: { token: string }, url: string, data?: unknown) {
  const r = await request.post(`/api/v1${url}`, { headers: auth(user), ...(data === undefined ? {} : { data }) });
  expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
  return r.json();
}

async function staffToken(request: APIRequestContext) {
  return { token: await loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password) };
}

/** A client's project with the developer on the team (by invite and accept). */
async function projectWithDev(request: APIRequestContext, client: E2EUser, dev: E2EUser, name = 'Polish Project') {
  const created = await post(request, client, '/projects', { name, description: 'Polish', company: 'Acme' });
  const p = await request.get(`/api/v1/projects/${created.handle}`, { headers: auth(client) });
  const project = await p.json();
  await post(request, client, `/invites/projects/${project.id}`, { userID: dev.id });
  await post(request, dev, `/invites/projects/${project.id}/accept`);
  return project as { id: string; handle: string; name: string };
}

/** Credits `user` with `amount` USDT: a deposit that staff confirm. */
async function fund(request: APIRequestContext, user: { token: string }, amount: string) {
  const { transactionID } = await post(request, user, '/user/deposit', { currency: 'USDT' });
  await post(request, await staffToken(request), `/admin/transactions/${transactionID}/complete`, { amount });
  return transactionID as string;
}

/** Opens the user menu and picks a theme. */
async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
  await page.keyboard.press('Escape');
}

test('a due date typed from the keyboard without a time keeps the date at 18:00', async ({ page, request }) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const project = await projectWithDev(request, client, dev, 'Due Dates');
  await useToken(page, client.token);
  await page.goto(`/project/${project.handle}`);
  await page.getByRole('navigation', { name: 'Project menu' }).getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Summary').fill('Typed due date');
  // Type the date only, section by section, as a keyboard user does: day, month, year.
  const day = dialog.getByRole('spinbutton', { name: 'Day' });
  await day.click();
  await page.keyboard.type('15122026');
  await expect(dialog.getByRole('group', { name: 'Due date' })).toContainText('15');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task Created')).toBeVisible();
  // The saved task has the date, at the default 18:00 in the user's (browser's) timezone.
  const tasks = await (await request.get(`/api/v1/project/${project.id}/tasks`, { headers: auth(client) })).json();
  const saved = tasks.find((t: { summary: string }) => t.summary === 'Typed due date');
  expect(saved.dueDate, JSON.stringify(saved)).toBeTruthy();
  const due = new Date(saved.dueDate);
  expect([due.getFullYear(), due.getMonth(), due.getDate(), due.getHours(), due.getMinutes()]).toEqual([
    2026, 11, 15, 18, 0,
  ]);
  // The created task opens in the dialog, its due date in the one date style.
  await expect(page.getByRole('dialog').getByText('15 Dec 2026, 18:00', { exact: true })).toBeVisible();
});

test('an incomplete due date is an error, never dropped', async ({ page, request }) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const project = await projectWithDev(request, client, dev, 'Half Dates');
  await useToken(page, client.token);
  await page.goto(`/project/${project.handle}`);
  await page.getByRole('navigation', { name: 'Project menu' }).getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Summary').fill('Half a date');
  await dialog.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type('15');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Enter the whole date, for example 23 Nov 2026')).toBeVisible();
  await expect(page.getByText('Task Created')).toHaveCount(0);
});

test('one date style on the board, the task dialog, finances and admin; money with separators', async ({
  browser,
  request,
}) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const project = await projectWithDev(request, client, dev, 'Date Styles');
  await fund(request, client, '18946');
  await post(request, client, '/tasks', {
    projectID: project.id,
    summary: 'Dated task',
    description: 'x',
    dueDate: '2026-12-15T18:00:00.000Z',
  });
  // A pending deposit with nothing received yet.
  await post(request, client, '/user/deposit', { currency: 'USDT' });

  const ctx = await browser.newContext({ timezoneId: 'Europe/London' });
  const page = await ctx.newPage();
  await useToken(page, client.token);
  await page.goto(`/project/${project.handle}`);
  const card = page.getByRole('button', { name: /Dated task/ }).first();
  await expect(card).toBeVisible();
  // The board: the due-date chip's full date.
  await expect(card.locator('[title^="Due "]')).toHaveAttribute('title', 'Due 15 Dec 2026, 18:00');
  await card.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('15 Dec 2026, 18:00')).toBeVisible();
  await shot(page, 'task-dialog');
  await page.keyboard.press('Escape');

  await page.goto('/finances');
  await expect(page.getByLabel('Balance', { exact: true })).toHaveText('$18,946.00 USDT');
  const table = page.getByRole('table', { name: 'Transactions' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  const dates = await table.locator('tbody td[data-label="Date"]').allInnerTexts();
  expect(dates.length).toBe(2);
  for (const d of dates) expect(d.trim()).toMatch(DATE_TIME);
  await expect(table.getByRole('row', { name: /Deposit.*Complete/ })).toContainText('+$18,946.00');
  // The pending deposit has received nothing: no green +$0.00.
  await expect(table.getByRole('row', { name: /Pending/ })).toContainText('Awaiting payment');
  await expect(table).not.toContainText('$0.00');
  await shot(page, 'finances');

  // The user's timezone from /account wins over the browser's.
  const u = await request.post('/api/v1/user', { headers: auth(client), data: { timezone: 'Asia/Tokyo' } });
  expect(u.status(), await u.text()).toBe(200);
  await page.goto(`/project/${project.handle}`);
  await page
    .getByRole('button', { name: /Dated task/ })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByText('16 Dec 2026, 03:00')).toBeVisible();
  await ctx.close();

  // Staff: the pending transaction's date in the same style.
  const staffCtx = await browser.newContext({ timezoneId: 'Europe/London' });
  const staffPage = await staffCtx.newPage();
  await useToken(staffPage, (await staffToken(request)).token);
  await staffPage.goto('/admin');
  await staffPage.getByRole('tab', { name: 'Transactions' }).click();
  const row = staffPage.getByRole('row', { name: new RegExp(client.email) });
  await expect(row).toBeVisible();
  await expect(row.locator('td[data-label="Date"]')).toHaveText(DATE_TIME);
  await staffCtx.close();
});

test('a client verifies in one step; a used link of a verified account goes home without an error', async ({
  page,
  request,
}) => {
  const client = await signUpViaApi(request, { type: 'Client' });
  await useToken(page, client.token);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-up\/developer/);
  await expect(page.getByRole('heading', { name: 'Verify Email Address' })).toBeVisible();
  // No five-step developer wizard for a client.
  await expect(page.getByRole('list', { name: 'Progress' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  const mail = await readLatestMail(request, client.email);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1];
  const link = /\/api\/v1\/auth\/verify-email\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(code && link).toBeTruthy();
  await page.getByLabel('Verification code').fill(code as string);
  await expect(page).toHaveURL(/\/$/);

  // Reopening the mailed link (now used) lands on / with no "Verification link expired".
  await page.goto(link as string);
  await expect(page).toHaveURL(/\/$/);
  // The page at / has rendered (its heading), so the onboarding route that decided "no error" is gone.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Verification link expired')).toHaveCount(0);
});

test('phones: no page scrolls sideways, no table is wider than its container', async ({ browser, request }) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const project = await projectWithDev(request, client, dev, 'Phone Sized Project');
  await fund(request, client, '1234.5');
  await post(request, client, '/tasks', {
    projectID: project.id,
    summary: 'A task with a long summary that should wrap on a phone',
    description: 'x',
    assigneeID: dev.id,
    price: '150',
  });
  await post(request, client, '/user/deposit', { currency: 'USDT' });

  const ctx = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await ctx.newPage();
  await useToken(page, client.token);

  async function fits(path: string, prepare?: () => Promise<void>) {
    await page.goto(path);
    await prepare?.();
    // Rendered and laid out (a heading, fonts, two frames), not a guessed pause.
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    const report = await page.evaluate(() => {
      const problems: string[] = [];
      const docWidth = document.documentElement.scrollWidth;
      if (docWidth > window.innerWidth) problems.push(`page is ${docWidth}px wide`);
      for (const table of document.querySelectorAll('table')) {
        const parent = table.parentElement as HTMLElement;
        const w = table.getBoundingClientRect().width;
        const pw = parent.getBoundingClientRect().width;
        if (w > pw + 1) problems.push(`${table.getAttribute('aria-label') ?? 'table'} is ${w}px in ${pw}px`);
      }
      return problems;
    });
    expect(report, path).toEqual([]);
  }

  await fits('/finances', async () => {
    await expect(page.getByRole('table', { name: 'Transactions' })).toBeVisible();
  });
  // Below 600 px the rows are stacked: Amount and Status are on screen, labelled.
  for (const label of ['Amount', 'Status']) {
    const cell = page.locator(`td[data-label="${label}"]`).first();
    await cell.scrollIntoViewIfNeeded();
    const b = await cell.boundingBox();
    expect(b && b.x >= 0 && b.x + b.width <= 375, `${label} cell on screen: ${JSON.stringify(b)}`).toBe(true);
  }
  await shot(page, 'phone-finances');

  await fits(`/project/${project.handle}`, async () => {
    await expect(page.getByRole('navigation', { name: 'Project menu' })).toBeVisible();
  });
  // Every workspace menu item is on screen (none hidden off the right edge).
  const menu = page.getByRole('navigation', { name: 'Project menu' });
  for (const name of ['Board', 'Tasks', 'Team', 'Settings']) {
    await expect(menu.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  }
  await shot(page, 'phone-board');
  await menu.getByRole('button', { name: 'Tasks' }).click();
  await fits(`/project/${project.handle}`, async () => {
    await expect(page.getByRole('table')).toBeVisible();
  });
  await expect(page.locator('td[data-label="Assignee"]').first()).toContainText(dev.firstName);
  await shot(page, 'phone-tasks');
  await menu.getByRole('button', { name: 'Team' }).click();
  await fits(`/project/${project.handle}`, async () => {
    await expect(page.getByRole('table')).toBeVisible();
  });
  await fits('/account');
  await fits('/finances/withdraw');

  const staffPage = await ctx.newPage();
  await ctx.clearCookies();
  await useToken(staffPage, (await staffToken(request)).token);
  await staffPage.goto('/admin');
  await staffPage.getByRole('tab', { name: 'Transactions' }).click();
  await expect(staffPage.getByRole('table', { name: 'Pending transactions' })).toBeVisible();
  const wide = await staffPage.evaluate(() => {
    const t = document.querySelector('table') as HTMLElement;
    return [
      document.documentElement.scrollWidth,
      t.getBoundingClientRect().width,
      (t.parentElement as HTMLElement).getBoundingClientRect().width,
    ];
  });
  expect(wide[0]).toBeLessThanOrEqual(375);
  expect(wide[1]).toBeLessThanOrEqual(wide[2] + 1);
  await shot(staffPage, 'phone-admin');
  await ctx.close();
});

test('not found keeps the app frame; a private project link asks to log in and comes back', async ({
  browser,
  request,
}) => {
  const client = await createVerifiedClient(request);
  const created = await post(request, client, '/projects', {
    name: 'Secret Plans',
    description: 'Private',
    company: 'Acme',
    visibility: 'Private',
  });
  const project = { handle: created.handle as string };

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await useToken(page, client.token);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  await expectNoA11yViolations(page);
  // React Router no longer warns on every load.
  expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
  await ctx.close();

  const guestCtx = await browser.newContext();
  const guest = await guestCtx.newPage();
  await guest.goto(`/project/${project.handle}`);
  await expect(guest.getByText('This project is private or does not exist. Log in to continue.')).toBeVisible();
  await expect(guest.getByText('Sign up or log in to create a project')).toHaveCount(0);
  await expectNoA11yViolations(guest);
  await guest.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(guest).toHaveURL(/\/login\?redirect=/);
  await guest.getByLabel('Email').fill(client.email);
  await guest.getByLabel('Password', { exact: true }).fill(client.password);
  await guest.getByRole('button', { name: 'Log In' }).click();
  await expect(guest).toHaveURL(new RegExp(`/project/${project.handle}$`));
  await expect(guest.getByRole('navigation', { name: 'Project menu' })).toContainText('Board');
  await guestCtx.close();
});

test('a pending withdrawal can be cancelled from its page; the form states the real window', async ({
  page,
  request,
}) => {
  const user = await createVerifiedClient(request);
  await fund(request, user, '100');
  await useToken(page, user.token);
  await page.goto('/finances/withdraw');
  const config = await (await request.get('/api/v1/config/money')).json();
  await expect(page.getByText(`sent to your address after ${config.pendingHours} hours`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'USDT' }).click();
  await expect(page.getByText('Networks: ERC-20 (Ethereum) or TRC-20 (TRON)')).toBeVisible();
  await page.getByLabel('Address').fill(VALID_TRON);
  await expect(page.getByText('Network: TRC-20 (TRON)')).toBeVisible();
  await page.getByLabel('Amount').fill('40');
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(/\/transaction\//);
  // The address changes before the transaction's page has replaced the form (its chunk may still
  // be loading), and the form's helper texts name the network too: wait for the page, then read
  // its Network row exactly.
  await expect(page.getByRole('button', { name: 'Cancel withdrawal' })).toBeVisible();
  await expect(page.getByText('TRC-20 (TRON)', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Cancel withdrawal' }).click();
  await expect(page.getByText('Withdrawal cancelled. The amount is back in your balance.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel withdrawal' })).toHaveCount(0);
  await expect(page.getByText('Cancelled').first()).toBeVisible();
  const balance = await (await request.get('/api/v1/user/balance', { headers: auth(user) })).json();
  expect(balance).toEqual({ balance: '100', held: '0' });
  await expectNoA11yViolations(page);
});

/** A client with a funded project, a developer on it and one task: what the dark-mode checks visit. */
async function darkModeScene(request: APIRequestContext) {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const project = await projectWithDev(request, client, dev, 'Night Shift');
  await fund(request, client, '500');
  await post(request, client, '/tasks', {
    projectID: project.id,
    summary: 'Dark task',
    description: '- [ ] first\n- [x] second',
    assigneeID: dev.id,
    price: '25',
    dueDate: '2026-12-15T18:00:00.000Z',
  });
  return { client, dev, project };
}

// Dark mode is four tests, not one: each visits a handful of screens with axe, so each fits its
// budget on a slow machine and they run side by side.
test('dark mode follows the system and the signed-in screens pass axe in it', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { client, project } = await darkModeScene(request);
  const ctx = await browser.newContext({ colorScheme: 'dark' });
  const page = await ctx.newPage();
  await useToken(page, client.token);
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
  await expectNoA11yViolations(page);
  const depositId = await fund(request, client, '1');
  for (const path of [
    '/finances',
    `/transaction/${depositId}`,
    '/finances/withdraw',
    '/account',
    '/projects',
    `/project/${project.handle}/details`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectNoA11yViolations(page);
  }
  await ctx.close();
});

test('in dark mode the board, the task dialog, talent and messages pass axe', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { client, dev, project } = await darkModeScene(request);
  const ctx = await browser.newContext({ colorScheme: 'dark' });
  const page = await ctx.newPage();
  await useToken(page, client.token);
  for (const path of ['/talent', `/dev/${dev.username}`, '/messages', '/finances/deposit', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectNoA11yViolations(page);
  }
  await page.goto(`/project/${project.handle}`);
  await expect(page.getByRole('button', { name: /Dark task/ }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'dark-board');
  await page
    .getByRole('button', { name: /Dark task/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'dark-task');
  await ctx.close();
});

test("in dark mode guests' pages and the staff console pass axe", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const client = await createVerifiedClient(request);
  const created = await post(request, client, '/projects', {
    name: 'Night Shift',
    description: 'Dark',
    company: 'Acme',
  });
  const guestCtx = await browser.newContext({ colorScheme: 'dark' });
  const guest = await guestCtx.newPage();
  for (const path of ['/login', '/sign-up', '/sign-up/developer', `/project/${created.handle}`]) {
    await guest.goto(path);
    await expect(guest.locator('html')).toHaveClass(/dark/);
    await expect(guest.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoA11yViolations(guest);
  }
  await useToken(guest, (await staffToken(request)).token);
  await guest.goto('/admin');
  await expect(guest.getByRole('heading', { name: 'Staff console' })).toBeVisible();
  await expectNoA11yViolations(guest);
  await guest.getByRole('tab', { name: 'Transactions' }).click();
  await expectNoA11yViolations(guest);
  await guestCtx.close();
});

test('on a light device Dark chosen in the user menu is remembered across reloads and tabs', async ({
  browser,
  request,
}) => {
  const client = await createVerifiedClient(request);
  const light = await browser.newContext({ colorScheme: 'light' });
  const lp = await light.newPage();
  await useToken(lp, client.token);
  await lp.goto('/finances');
  await expect(lp.locator('html')).not.toHaveClass(/dark/);
  await chooseTheme(lp, 'Dark');
  await expect(lp.locator('html')).toHaveClass(/dark/);
  await expectNoA11yViolations(lp);
  await lp.reload();
  await expect(lp.locator('html')).toHaveClass(/dark/);
  const second = await light.newPage();
  await second.goto('/finances');
  await expect(second.locator('html')).toHaveClass(/dark/);
  await second.getByRole('button', { name: 'Open user menu' }).click();
  await expect(second.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  await second.keyboard.press('Escape');
  await chooseTheme(second, 'Light');
  await expect(second.locator('html')).not.toHaveClass(/dark/);
  await light.close();
});

test('notices sit below the top bar, clear of the avatar and the dialog close button', async ({ page, request }) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const project = await projectWithDev(request, client, dev, 'Notice Board');
  await useToken(page, client.token);
  await page.goto(`/project/${project.handle}`);
  await page.getByRole('navigation', { name: 'Project menu' }).getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Summary').fill('Noticed');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  const notice = page.getByText('Task Created');
  await expect(notice).toBeVisible();
  // The created task is open in the dialog now (the page behind it is aria-hidden: locate by attribute).
  const box = await page.locator('.notistack-SnackbarContainer').boundingBox();
  const bar = await page.locator('header').first().boundingBox();
  const avatar = await page.locator('[aria-label="Open user menu"]').boundingBox();
  expect(box && bar && avatar).toBeTruthy();
  if (!box || !bar || !avatar) return;
  expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  // No control of the open dialog (close button, fields, buttons) is under the notice.
  const covered = await page.evaluate(
    (n) => {
      const hits: string[] = [];
      for (const el of document.querySelectorAll('[role="dialog"] :is(button, input, textarea, [role="button"])')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < n.x + n.width && r.right > n.x && r.top < n.y + n.height && r.bottom > n.y)
          hits.push(el.getAttribute('aria-label') ?? el.textContent ?? el.tagName);
      }
      return hits;
    },
    await page
      .locator('.notistack-MuiContent, .notistack-Snackbar')
      .first()
      .boundingBox()
      .then((b) => b ?? box),
  );
  expect(covered).toEqual([]);

  // Without a dialog, notices are top-right below the top bar, clear of the avatar.
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'User details' });
  await form.getByLabel('Location').fill('Lisbon, Portugal');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Account updated successfully.')).toBeVisible();
  const n2 = await page.locator('.notistack-MuiContent, .notistack-Snackbar').first().boundingBox();
  const avatar2 = await page.getByRole('button', { name: 'Open user menu' }).boundingBox();
  expect(n2 && avatar2).toBeTruthy();
  if (!n2 || !avatar2) return;
  expect(n2.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  expect(n2.y).toBeGreaterThan(avatar2.y + avatar2.height);
  expect(n2.x + n2.width).toBeGreaterThan(1280 / 2);
});
