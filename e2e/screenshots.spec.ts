import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { animationsSettled, expectNoA11yViolations } from './support/a11y';
import { E2E_STAFF, expect, loginViaApi, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient, type E2EUser } from './support/users';

/**
 * README screenshots of the main screens, saved into docs/screenshots/ as small palette PNGs.
 * Runs only with SCREENSHOTS=1 (playwright.config.ts ignores this file otherwise), so CI does not
 * pay for it: `SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts`.
 */
const DIR = 'docs/screenshots';
const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

async function api(
  request: APIRequestContext,
  user: { token: string },
  method: 'post' | 'put',
  url: string,
  data?: unknown,
) {
  const r = await request[method](`/api/v1${url}`, { headers: auth(user), ...(data === undefined ? {} : { data }) });
  expect(r.status(), `${url}: ${await r.text()}`).toBeLessThan(300);
  return r.status() === 204 ? null : r.json();
}

async function save(page: Page, name: string) {
  // Let fonts, images and transitions settle.
  await page.waitForLoadState('networkidle');
  // A gallery shows the page, not its loading state (a loaded machine left the dashboard a skeleton).
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 30_000 });
  await animationsSettled(page);
  const { default: sharp } = await import('sharp');
  const png = await page.screenshot({ fullPage: false });
  await sharp(png)
    .resize({ width: 1100, withoutEnlargement: true })
    .png({ palette: true, quality: 80, compressionLevel: 9 })
    .toFile(`${DIR}/${name}.png`);
}

async function pageAs(browser: Browser, user: { token: string }): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await useToken(page, user.token);
  return page;
}

test('screenshots of the main screens', async ({ browser, request }) => {
  test.setTimeout(180_000);
  mkdirSync(DIR, { recursive: true });
  const client = await createVerifiedClient(request);
  await api(request, client, 'post', '/user', {
    firstName: 'Clara',
    lastName: 'Whitfield',
    location: 'Berlin, Germany',
  });
  const dev: E2EUser = await createApprovedDeveloper(request, {
    tags: ['React', 'Node', 'PostgreSQL'],
    title: 'Senior full-stack engineer',
  });
  await api(request, dev, 'post', '/user', { firstName: 'Diego', lastName: 'Alvarez', location: 'Lisbon, Portugal' });
  await api(request, dev, 'post', '/user/update-profile', {
    profile:
      '## Building calm, fast web apps\n\nTen years of **TypeScript**, React and PostgreSQL. I like small teams, clear tasks and tests that mean something.\n\n- Marketplaces and payments\n- Real-time dashboards\n- Performance work',
  });
  const staffToken = await loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password);
  const staff = { token: staffToken };

  // Money for escrow: a deposit confirmed by staff.
  const { transactionID } = await api(request, client, 'post', '/user/deposit', { currency: 'USDT' });
  await api(request, staff, 'post', `/admin/transactions/${transactionID}/complete`, { amount: '2500' });

  // A public project with the developer on the team and tasks in every column.
  const { handle } = await api(request, client, 'post', '/projects', {
    name: 'Atlas Analytics',
    company: 'Northwind Labs',
    description:
      '## A live analytics dashboard\n\nWe are rebuilding our customer analytics on **React** and **PostgreSQL**: charts, exports and alerts. Looking for a developer who enjoys clean APIs.',
    tags: 'React,Node,PostgreSQL',
  });
  const project = await (await request.get(`/api/v1/projects/${handle}`, { headers: auth(client) })).json();
  await api(request, client, 'post', `/invites/projects/${project.id}`, { userID: dev.id });
  await api(request, dev, 'post', `/invites/projects/${project.id}/accept`);
  const tasks: [string, string, string | null][] = [
    ['Design the chart components', '120', 'Complete'],
    ['CSV export of any view', '80', 'Review'],
    ['Alert rules editor', '150', 'In Progress'],
    ['Realtime updates over SSE', '200', 'ToDo'],
    ['Dark mode', '60', null],
    ['Onboarding checklist', '', null],
  ];
  let reviewTask = '';
  for (const [summary, price, stage] of tasks) {
    const task = await api(request, client, 'post', '/tasks', {
      projectID: project.id,
      summary,
      description: `${summary}, with tests.`,
      ...(price ? { price } : {}),
      ...(stage ? { assigneeID: dev.id } : {}),
      dueDate: new Date(Date.now() + 9 * 86_400_000).toISOString(),
    });
    if (stage === 'In Progress' || stage === 'Review' || stage === 'Complete') {
      await api(request, dev, 'post', `/tasks/${task.id}/stage`, { stage: 'In Progress' });
    }
    if (stage === 'Review' || stage === 'Complete') {
      await api(request, dev, 'post', `/tasks/${task.id}/stage`, { stage: 'Review' });
    }
    if (stage === 'Review') reviewTask = task.identifier;
    if (stage === 'Complete') await api(request, client, 'post', `/tasks/${task.id}/stage`, { stage: 'Complete' });
  }
  const { threadID } = await api(request, client, 'post', '/messages', {
    to: dev.id,
    text: "Hi Diego, I'm interested in your services. Could you take the alert rules next?",
  });
  await api(request, dev, 'post', `/threads/${threadID}/messages`, { text: 'Happy to! I will start today.' });

  // Login (a guest).
  const guestCtx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const guest = await guestCtx.newPage();
  await guest.goto('/login');
  await expect(guest.getByRole('button', { name: 'Log In' })).toBeVisible();
  await save(guest, 'login');
  await guestCtx.close();

  const c = await pageAs(browser, client);
  await c.goto('/');
  await expect(c.getByText('Atlas Analytics').first()).toBeVisible();
  await save(c, 'dashboard');
  await c.goto(`/project/${handle}/details`);
  await expect(c.getByRole('heading', { name: 'Atlas Analytics' }).first()).toBeVisible();
  await save(c, 'project-details');
  await c.goto(`/project/${handle}`);
  await expect(c.getByRole('region', { name: 'Review' }).getByText('CSV export of any view')).toBeVisible();
  await expectNoA11yViolations(c);
  await save(c, 'workspace-board');
  await c.goto(`/messages?threadID=${threadID}`);
  await expect(c.getByRole('log', { name: 'Messages' }).getByText('Happy to! I will start today.')).toBeVisible();
  await save(c, 'messages');
  await c.goto('/finances');
  await expect(c.getByRole('row', { name: /Payment-Out/ }).first()).toBeVisible();
  await save(c, 'finances');
  await c.goto(`/dev/${dev.username}`);
  await expect(c.getByRole('heading', { name: 'Building calm, fast web apps' })).toBeVisible();
  await save(c, 'developer-profile');
  // A task in Review: the owner approves and pays from its dialog (DESIGN §19).
  await c.goto(`/project/${handle}`);
  await c.getByRole('region', { name: 'Review' }).getByText('CSV export of any view').click();
  await expect(c.getByRole('button', { name: 'Approve and pay 80 USDT' })).toBeVisible();
  await save(c, 'task-review');
  // A deposit names its network and says it is in test mode.
  await c.goto('/finances/deposit');
  await c.getByRole('radio', { name: /USDT on Tron \(TRC-20\)/ }).check();
  await expect(c.getByText('Test mode: deposits of USDT are confirmed by staff')).toBeVisible();
  await save(c, 'deposit');

  const d = await pageAs(browser, dev);
  await d.goto('/projects');
  await expect(d.getByText('Atlas Analytics').first()).toBeVisible();
  await save(d, 'projects');

  // Phones (375 px) and dark mode (System follows the browser's dark scheme), DESIGN §13.
  const phoneCtx = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  const phone = await phoneCtx.newPage();
  await useToken(phone, client.token);
  await phone.goto('/');
  await expect(phone.getByText('Atlas Analytics').first()).toBeVisible();
  await save(phone, 'phone-dashboard');
  await phone.goto(`/project/${handle}`);
  await expect(phone.getByText('Realtime updates over SSE').first()).toBeVisible();
  await save(phone, 'phone-board');
  await phone.goto('/finances');
  await expect(phone.getByText(/Payment for/).first()).toBeVisible();
  await save(phone, 'phone-finances');
  await phone.goto(`/project/${handle}/details`);
  await expect(phone.getByRole('heading', { name: 'Atlas Analytics' }).first()).toBeVisible();
  await save(phone, 'phone-project-details');
  await phone.goto(`/dev/${dev.username}`);
  await expect(phone.getByRole('heading', { name: 'Building calm, fast web apps' })).toBeVisible();
  await save(phone, 'phone-developer-profile');
  await phone.goto(`/task/${reviewTask}`);
  await expect(phone.getByRole('button', { name: 'Approve and pay 80 USDT' })).toBeVisible();
  await save(phone, 'phone-task-review');
  await phone.goto('/finances/deposit');
  await phone.getByRole('radio', { name: /USDT on Tron \(TRC-20\)/ }).check();
  await phone.getByRole('button', { name: 'Continue' }).click();
  await expect(phone.getByText('USDT on Tron (TRC-20) address')).toBeVisible();
  await save(phone, 'phone-deposit');
  await phoneCtx.close();
  const darkCtx = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'dark',
    reducedMotion: 'reduce',
  });
  const dark = await darkCtx.newPage();
  await useToken(dark, client.token);
  await dark.goto(`/project/${handle}`);
  await expect(dark.getByRole('region', { name: 'Review' }).getByText('CSV export of any view')).toBeVisible();
  await expectNoA11yViolations(dark);
  await save(dark, 'dark-board');
  await darkCtx.close();

  // Staff see the developer's pending deposit in the console.
  await api(request, dev, 'post', '/user/deposit', { currency: 'ETH' });
  const s = await pageAs(browser, staff);
  await s.goto('/admin');
  await s.getByRole('tab', { name: 'Transactions' }).click();
  await expect(s.getByRole('row', { name: new RegExp(dev.email) })).toBeVisible();
  await expectNoA11yViolations(s);
  await save(s, 'admin');
});
