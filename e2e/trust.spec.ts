import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_STAFF, expect, loginViaApi, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient, type E2EUser } from './support/users';
import { consoleErrors } from './support/page';

/** Issue 28: what a person trusts (approve and pay, the logged-out top bar, long words, links). */

test.describe.configure({ timeout: 180_000 });

const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
const fullName = (u: E2EUser) => `${u.firstName} ${u.lastName}`;

async function post(request: APIRequestContext, user: { token: string }, url: string, data?: unknown) {
  const r = await request.post(`/api/v1${url}`, { headers: auth(user), ...(data === undefined ? {} : { data }) });
  expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
  return r.json();
}

type Project = { id: string; handle: string; key: string };

async function pageFor(browser: Browser, user: { token: string } | null, width = 1366): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  if (user) await useToken(page, user.token);
  return page;
}

/** A client with `deposit` USDT confirmed by staff, an approved developer, and a public project with both. */
async function fundedTeam(request: APIRequestContext, deposit: string, project: Record<string, unknown> = {}) {
  const [owner, dev] = await Promise.all([createVerifiedClient(request), createApprovedDeveloper(request)]);
  const created = (await post(request, owner, '/projects', {
    name: 'Storefront',
    description: 'Approve and pay end to end',
    company: 'Acme',
    visibility: 'Public',
    ...project,
  })) as Project;
  await post(request, owner, `/invites/projects/${created.id}`, { userID: dev.id });
  await post(request, dev, `/invites/projects/${created.id}/accept`);
  const { transactionID } = await post(request, owner, '/user/deposit', { currency: 'USDT' });
  const staff = { token: await loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password) };
  await post(request, staff, `/admin/transactions/${transactionID}/complete`, { amount: deposit });
  return { owner, dev, project: created, staff };
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | ReturnType<Page['getByRole']>, identifier: string) =>
  scope.getByRole('button', { name: new RegExp(`^${identifier} `) });

test('a client approves and pays from the task dialog; the developer sees it paid live', async ({
  browser,
  request,
}) => {
  const { owner, dev, project } = await fundedTeam(request, '300');
  const task = await post(request, owner, '/tasks', {
    projectID: project.id,
    summary: 'Checkout page',
    assigneeID: dev.id,
    price: '100',
  });
  await post(request, dev, `/tasks/${task.id}/stage`, { stage: 'Review' });
  const identifier = task.identifier as string;

  const devPage = await pageFor(browser, dev);
  await devPage.goto(`/project/${project.handle}`);
  await expect(card(column(devPage, 'Review'), identifier)).toBeVisible();
  const devFinances = await devPage.context().newPage();
  await devFinances.goto('/finances');
  await expect(devFinances.getByLabel('Balance', { exact: true })).toHaveText('$0.00 USDT');

  const page = await pageFor(browser, owner);
  const errors = consoleErrors(page);
  await page.goto(`/project/${project.handle}`);
  await card(column(page, 'Review'), identifier).click();
  const dialog = page.getByRole('dialog', { name: 'Task' });
  await expect(dialog.getByRole('button', { name: 'Request changes' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Open dispute' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve and pay 100 USDT' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Complete' });
  await expect(confirm).toContainText(`Complete ${identifier} and pay 100 USDT to ${fullName(dev)}?`);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Completed; 100 USDT paid to ${fullName(dev)}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Approve and pay/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Leave a review' })).toBeVisible();

  // The developer's board and balance follow without a reload.
  await expect(card(column(devPage, 'Complete'), identifier)).toBeVisible();
  await expect(devFinances.getByLabel('Balance', { exact: true })).toHaveText('$100.00 USDT');
  expect(errors).toEqual([]);
});

test("the owner approves from the task page and the dashboard's Review list", async ({ browser, request }) => {
  const { owner, dev, project } = await fundedTeam(request, '1400');
  const first = await post(request, owner, '/tasks', {
    projectID: project.id,
    summary: 'Order history',
    assigneeID: dev.id,
    price: '40',
  });
  const second = await post(request, owner, '/tasks', {
    projectID: project.id,
    summary: 'Receipts',
    assigneeID: dev.id,
    price: '1250.5',
  });
  await post(request, dev, `/tasks/${first.id}/stage`, { stage: 'Review' });
  const page = await pageFor(browser, owner, 375);
  await page.goto(`/task/${first.identifier}`);
  await page.getByRole('button', { name: 'Approve and pay 40 USDT' }).click();
  await page.getByRole('dialog', { name: 'Confirm Complete' }).getByRole('button', { name: 'Continue' }).click();
  const notice = page.locator('.dm-notices').getByText(`40 USDT paid to ${fullName(dev)}`);
  await expect(notice).toBeVisible();
  // Phone notices sit inside the screen and clear of the top bar's buttons (issue 28 point 14):
  // measured once the notice has slid in (it enters from the right edge).
  await expect
    .poll(async () => {
      const b = await notice.boundingBox();
      return b ? b.x + b.width : Number.POSITIVE_INFINITY;
    })
    .toBeLessThanOrEqual(375);
  const box = await notice.boundingBox();
  const bar = await page.getByRole('banner').boundingBox();
  expect(box && bar).toBeTruthy();
  if (box && bar) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  }

  await post(request, dev, `/tasks/${second.id}/stage`, { stage: 'Review' });
  await page.goto('/');
  const review = page.getByRole('region', { name: 'Waiting for your review' });
  await review.getByRole('button', { name: `Approve and pay 1,250.5 USDT for ${second.identifier}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Complete' });
  await expect(confirm).toContainText(`Complete ${second.identifier} and pay 1,250.5 USDT to ${fullName(dev)}?`);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(review.getByText('No tasks in Review.')).toBeVisible();
});

test('a logged-out visitor sees Log in and Sign up on public pages, with no console errors', async ({
  browser,
  request,
}) => {
  const { dev, project } = await fundedTeam(request, '10');
  for (const width of [1366, 375]) {
    const page = await pageFor(browser, null, width);
    const errors = consoleErrors(page);
    for (const url of [`/project/${project.handle}/details`, `/dev/${dev.username}`]) {
      await page.goto(url);
      const bar = page.getByRole('banner');
      await expect(bar.getByRole('link', { name: 'Log in' })).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Sign up' })).toBeVisible();
      for (const name of ['Dashboard', 'Messages', 'Account'])
        await expect(bar.getByRole('link', { name })).toHaveCount(0);
      await expect(bar.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }
});

test('an unverified client asks nothing that must fail (no GET /projects/my)', async ({ browser, request }) => {
  const r = await request.post('/api/v1/auth/sign-up', {
    data: {
      email: `e2e-unverified-${Date.now()}@example.com`,
      password: 'pw-unverified-secure',
      firstName: 'Una',
      lastName: 'Verified',
      tos: true,
      type: 'Client',
    },
  });
  const { accessToken } = await r.json();
  const page = await pageFor(browser, { token: accessToken });
  const errors = consoleErrors(page);
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 400) refused.push(`${res.status()} ${res.url()}`);
  });
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});

/** A word of `n` characters that never breaks by itself. */
const word = (n: number, c = 'W') => `${c}${'o'.repeat(n - 2)}${c}`;

test('no page is wider than the screen at 375 px, whatever words people type', async ({ browser, request }) => {
  const LONG = word(1000);
  const { owner, dev, project, staff } = await fundedTeam(request, '500', {
    name: word(120, 'N'),
    company: word(120, 'C'),
    description: `Intro ${LONG} end`,
  });
  const put = (user: { token: string }, url: string, data: unknown) => post(request, user, url, data);
  await put(owner, '/user', { firstName: word(100, 'F'), lastName: word(100, 'L'), location: word(120, 'P') });
  await put(dev, '/user', {
    firstName: word(100, 'D'),
    lastName: word(100, 'K'),
    title: word(120, 'T'),
    location: word(120, 'Q'),
    about: `About ${LONG}`,
  });
  await put(dev, '/user/update-profile', { profile: `Profile ${LONG}` });

  // A task through the whole journey: described, commented, a file, in Review, paid and reviewed both ways.
  const task = await post(request, owner, '/tasks', {
    projectID: project.id,
    summary: word(200, 'S'),
    description: `Task ${LONG}`,
    assigneeID: dev.id,
    price: '10',
  });
  await post(request, dev, `/tasks/${task.id}/activity`, { text: `Comment ${LONG}` });
  const upload = await request.post(`/api/v1/tasks/${task.id}/upload`, {
    headers: auth(dev),
    multipart: { file: { name: `${word(180, 'f')}.txt`, mimeType: 'text/plain', buffer: Buffer.from('hello') } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  await post(request, dev, `/tasks/${task.id}/stage`, { stage: 'Review' });
  const open = await post(request, owner, '/tasks', {
    projectID: project.id,
    summary: word(200, 'R'),
    assigneeID: dev.id,
    price: '10',
  });
  await post(request, dev, `/tasks/${open.id}/stage`, { stage: 'Review' });
  await post(request, owner, `/tasks/${open.id}/stage`, { stage: 'Complete' });
  await post(request, owner, `/tasks/${open.id}/review`, { rating: 5, text: LONG, tags: [] });
  await post(request, dev, `/tasks/${open.id}/review`, { rating: 4, text: LONG, tags: [] });
  const disputed = await post(request, owner, '/tasks', {
    projectID: project.id,
    summary: word(200, 'X'),
    assigneeID: dev.id,
    price: '10',
  });
  await post(request, dev, `/tasks/${disputed.id}/stage`, { stage: 'Review' });
  await post(request, dev, `/tasks/${disputed.id}/dispute`, { reason: LONG });
  const msg = await post(request, owner, '/messages', {
    to: dev.id,
    text: `Hello ${LONG} https://example.com/${LONG}`,
  });
  await post(request, dev, `/threads/${msg.threadID}/messages`, { text: LONG });
  // A second public project the developer applies to with a long message.
  const other = (await post(request, owner, '/projects', {
    name: 'Second',
    description: LONG,
    company: 'Acme',
    visibility: 'Public',
  })) as Project;
  await post(request, dev, `/applications/project/${other.id}/apply`, { message: word(399, 'A') });
  void staff;

  const pages: [E2EUser | null, string][] = [
    [null, `/dev/${dev.username}`],
    [null, `/project/${project.handle}/details`],
    [dev, '/'],
    [dev, `/dev/${dev.username}`],
    [dev, '/projects'],
    [dev, `/project/${project.handle}/details`],
    [dev, `/project/${project.handle}`],
    [dev, `/task/${task.identifier}`],
    [dev, `/task/${open.identifier}`],
    [dev, '/messages'],
    [dev, `/messages?threadID=${msg.threadID}`],
    [dev, '/finances'],
    [dev, '/notifications'],
    [owner, '/'],
    [owner, '/talent'],
    [owner, `/project/${project.handle}`],
    [owner, `/project/${project.handle}?view=tasks`],
    [owner, `/project/${project.handle}?view=settings`],
    [owner, `/project/${other.handle}?view=applicants`],
    [owner, `/project/${project.handle}?view=team`],
    [owner, `/task/${task.identifier}`],
    [owner, '/messages'],
    [owner, '/finances'],
  ];
  const contexts = new Map<E2EUser | null, Page>();
  const wide: string[] = [];
  for (const [user, url] of pages) {
    let page = contexts.get(user);
    if (!page) {
      page = await pageFor(browser, user, 375);
      contexts.set(user, page);
    }
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    if (width > 375) wide.push(`${url} as ${user ? user.firstName.slice(0, 1) : 'guest'}: ${width}px`);
  }
  // The task dialog over the board, too.
  const ownerPage = contexts.get(owner) as Page;
  await ownerPage.goto(`/project/${project.handle}`);
  await ownerPage.getByRole('button', { name: new RegExp(`^${task.identifier} `) }).click();
  await expect(ownerPage.getByRole('dialog', { name: 'Task' })).toBeVisible();
  // The dialog scrolls inside itself: its paper must not be wider than what it shows either.
  const dialogWidth = await ownerPage.evaluate(() =>
    Math.max(document.scrollingElement?.scrollWidth ?? 0, document.querySelector('.MuiDialog-paper')?.scrollWidth ?? 0),
  );
  if (dialogWidth > 375) wide.push(`task dialog: ${dialogWidth}px`);
  expect(wide).toEqual([]);
});
