import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { E2E_STAFF, expect, loginViaApi, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient, type E2EUser } from './support/users';
import { drag } from './support/page';

/** Escrow made visible (DESIGN §8, §13): holds, unassign, the review window, disputes and their resolution. */

// Each test walks a whole money story through several browsers: more than the default minute on a shared machine.
test.describe.configure({ timeout: 180_000 });

const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
const fullName = (u: E2EUser) => `${u.firstName} ${u.lastName}`;

async function post(request: APIRequestContext, user: { token: string }, url: string, data?: unknown) {
  const r = await request.post(`/api/v1${url}`, { headers: auth(user), ...(data === undefined ? {} : { data }) });
  expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
  return r.json();
}

type Project = { id: string; handle: string; key: string };

/** A client with `deposit` USDT confirmed by staff, an approved developer, and a project with both. */
async function fundedTeam(request: APIRequestContext, deposit: string) {
  const [owner, dev] = await Promise.all([createVerifiedClient(request), createApprovedDeveloper(request)]);
  const project = (await post(request, owner, '/projects', {
    name: 'Storefront',
    description: 'Escrow end to end',
    company: 'Acme',
  })) as Project;
  await post(request, owner, `/invites/projects/${project.id}`, { userID: dev.id });
  await post(request, dev, `/invites/projects/${project.id}/accept`);
  const { transactionID } = await post(request, owner, '/user/deposit', { currency: 'USDT' });
  const staff = { token: await loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password) };
  await post(request, staff, `/admin/transactions/${transactionID}/complete`, { amount: deposit });
  return { owner, dev, project, staff };
}

async function pageFor(browser: Browser, user: { token: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await useToken(page, user.token);
  return page;
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, identifier: string) =>
  scope.getByRole('button', { name: new RegExp(`^${identifier} `) });
const balance = (page: Page) => page.getByLabel('Balance', { exact: true });

/** Drags a card into Review and confirms the move. */
async function moveToReview(page: Page, identifier: string) {
  await drag(page, card(page, identifier), column(page, 'Review'));
  await page.getByRole('dialog', { name: 'Confirm Review' }).getByRole('button', { name: 'Continue' }).click();
  await expect(card(column(page, 'Review'), identifier)).toBeVisible();
}

test('the owner confirms a hold, sees it in escrow and on /finances, unassigns it back, and a completed payment says what it was for', async ({
  browser,
  request,
}) => {
  const { owner, dev, project } = await fundedTeam(request, '200');
  const page = await pageFor(browser, owner);
  await page.goto(`/project/${project.handle}`);

  // An unassigned priced task is a proposal: nothing is held and nothing is asked.
  await page.getByRole('navigation', { name: 'Project menu' }).getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Task' }).or(page.getByRole('dialog', { name: 'Create Task' }));
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('Checkout flow');
  await dialog.getByRole('textbox', { name: 'Price' }).fill('150');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  const first = `${project.key}-1`;
  await expect(page.getByText(`Task ${first} added to project`)).toBeVisible();
  const taskDialog = page.getByRole('dialog', { name: 'Task' });
  await expect(taskDialog.getByRole('heading', { name: 'Checkout flow' })).toBeVisible();
  await expect(taskDialog.getByText('150 USDT in escrow')).toHaveCount(0);

  // Assigning it asks first, naming the task, the developer and the amount.
  await taskDialog.getByRole('button', { name: 'Edit' }).click();
  await taskDialog.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: fullName(dev) }).click();
  await taskDialog.getByRole('button', { name: 'Save' }).click();
  const hold = page.getByRole('dialog', { name: 'Hold funds in escrow?' });
  await expect(hold).toContainText(`Assign ${first} to ${fullName(dev)} and hold 150 USDT from your balance?`);
  await expectNoA11yViolations(page);
  await hold.getByRole('button', { name: 'Assign and hold' }).click();
  await expect(taskDialog.getByText('150 USDT in escrow')).toBeVisible();
  await expect(taskDialog.getByRole('list', { name: 'Comments' })).toContainText(
    `Assigned to ${fullName(dev)}; 150 USDT held in escrow`,
  );
  await taskDialog.getByRole('button', { name: 'Close' }).click();
  await expect(card(column(page, 'ToDo'), first)).toContainText('150 USDT in escrow');

  // /finances, open in another tab, lists the hold; the balance is what is left.
  const finances = await page.context().newPage();
  await finances.goto('/finances');
  await expect(balance(finances)).toHaveText('$50.00 USDT');
  const held = finances.getByRole('table', { name: 'Held in escrow' });
  await expect(held.getByRole('row', { name: new RegExp(first) })).toContainText('Storefront');
  await expect(held.getByRole('row', { name: new RegExp(first) })).toContainText('$150.00 USDT');
  await expect(held.getByRole('link', { name: `${first} · Checkout flow` })).toBeVisible();
  await expectNoA11yViolations(finances);

  // The owner unassigns: the card goes back to ToDo unassigned and the money comes back, live.
  await card(page, first).click();
  await taskDialog.getByRole('button', { name: 'Unassign' }).click();
  const unassign = page.getByRole('dialog', { name: 'Unassign task?' });
  await expect(unassign).toContainText(
    `Unassign ${first} from ${fullName(dev)}? The 150 USDT held returns to your balance.`,
  );
  await unassign.getByRole('button', { name: 'Unassign' }).click();
  await expect(page.getByText('150 USDT returned to your balance')).toBeVisible();
  await expect(taskDialog.getByText('150 USDT in escrow')).toHaveCount(0);
  await expect(taskDialog.getByRole('button', { name: 'Edit' })).toBeVisible();
  await taskDialog.getByRole('button', { name: 'Close' }).click();
  await expect(card(column(page, 'ToDo'), first).getByLabel('Unassigned')).toBeVisible();
  await expect(balance(finances)).toHaveText('$200.00 USDT');
  await expect(finances.getByText('Nothing is held in escrow')).toBeVisible();

  // A second task is assigned at creation: the question has no identifier yet.
  await page.getByRole('navigation', { name: 'Project menu' }).getByRole('button', { name: 'Create Task' }).click();
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('Order history');
  await dialog.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: fullName(dev) }).click();
  await dialog.getByRole('textbox', { name: 'Price' }).fill('150');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(hold).toContainText(`Assign this task to ${fullName(dev)} and hold 150 USDT from your balance?`);
  await hold.getByRole('button', { name: 'Assign and hold' }).click();
  const second = `${project.key}-2`;
  await expect(taskDialog.getByText('150 USDT in escrow')).toBeVisible();
  await taskDialog.getByRole('button', { name: 'Close' }).click();
  await expect(balance(finances)).toHaveText('$50.00 USDT');

  // The developer delivers, the owner completes and pays.
  const secondId = (await (await request.get(`/api/v1/tasks/identifier/${second}`, { headers: auth(owner) })).json())
    .id as string;
  await post(request, dev, `/tasks/${secondId}/stage`, { stage: 'Review' });
  await expect(card(column(page, 'Review'), second)).toContainText('Auto-pays in 7 days');
  await drag(page, card(page, second), column(page, 'Complete'));
  const complete = page.getByRole('dialog', { name: 'Confirm Complete' });
  await expect(complete).toContainText(`Complete ${second} and pay 150 USDT to ${fullName(dev)}?`);
  await complete.getByRole('button', { name: 'Continue' }).click();
  await expect(card(column(page, 'Complete'), second)).toBeVisible();
  await expect(card(column(page, 'Complete'), second)).not.toContainText('in escrow');

  // Both sides' rows say what the money was for, and link to the task.
  const paymentFor = `Payment for ${second} Order history`;
  await expect(finances.getByRole('row', { name: /Payment-Out/ })).toContainText(paymentFor);
  await expect(balance(finances)).toHaveText('$50.00 USDT');
  await finances
    .getByRole('row', { name: /Payment-Out/ })
    .getByRole('link', { name: 'Open' })
    .click();
  await expect(finances.getByText(`Paid to ${fullName(dev)}`)).toBeVisible();
  await expect(finances.getByText(paymentFor)).toBeVisible();

  const devPage = await pageFor(browser, dev);
  await devPage.goto('/finances');
  await expect(balance(devPage)).toHaveText('$150.00 USDT');
  const devRow = devPage.getByRole('row', { name: /Payment-In/ });
  await expect(devRow).toContainText(paymentFor);
  await expect(devRow).toContainText('+$150.00');
  await expect(devPage.getByText('Nothing is held in escrow')).toBeVisible();
  await devPage.setViewportSize({ width: 375, height: 800 });
  // The balance chart follows the new width on its next resize frame.
  await expect.poll(() => devPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoA11yViolations(devPage);
  await devRow.getByRole('link', { name: paymentFor }).click();
  await expect(devPage).toHaveURL(new RegExp(`/task/${second}$`));
  await expect(devPage.getByRole('heading', { name: 'Order history' })).toBeVisible();
  await devPage.goBack();
  await devPage
    .getByRole('row', { name: /Payment-In/ })
    .getByRole('link', { name: 'Open' })
    .click();
  await expect(devPage.getByText(`Paid by ${fullName(owner)}`)).toBeVisible();
});

test('review window, changes requested, a dispute opened by the developer and split 25/15 by staff', async ({
  browser,
  request,
}) => {
  const { owner, dev, project, staff } = await fundedTeam(request, '100');
  const task = await post(request, owner, '/tasks', {
    projectID: project.id,
    summary: 'Payment page',
    description: 'Card form and receipts',
    assigneeID: dev.id,
    price: '40',
  });
  const id = task.identifier as string;

  // The developer starts and delivers: the card counts the review window down.
  const devPage = await pageFor(browser, dev);
  await devPage.goto(`/project/${project.handle}`);
  await expect(card(column(devPage, 'ToDo'), id)).toContainText('40 USDT in escrow');
  await drag(devPage, card(devPage, id), column(devPage, 'In Progress'));
  await expect(card(column(devPage, 'In Progress'), id)).toBeVisible();
  await moveToReview(devPage, id);
  await expect(card(column(devPage, 'Review'), id)).toContainText('Auto-pays in 7 days');

  // The owner's drag out of Review asks for the reason of the change request.
  const ownerPage = await pageFor(browser, owner);
  await ownerPage.goto(`/project/${project.handle}`);
  await expect(card(column(ownerPage, 'Review'), id)).toContainText('Auto-pays in 7 days');
  await drag(ownerPage, card(ownerPage, id), column(ownerPage, 'In Progress'));
  const changes = ownerPage.getByRole('dialog', { name: `Request changes · ${id}` });
  await expect(changes).toBeVisible();
  await changes.getByRole('button', { name: 'Request changes' }).click();
  await expect(changes.getByText('This field is required.')).toBeVisible();
  await expectNoA11yViolations(ownerPage);
  await changes.getByRole('textbox', { name: 'Reason' }).fill('The receipt misses the VAT line');
  await changes.getByRole('button', { name: 'Request changes' }).click();
  await expect(changes).toHaveCount(0);
  await expect(card(column(ownerPage, 'In Progress'), id)).toBeVisible();
  await expect(card(column(devPage, 'In Progress'), id)).not.toContainText('Auto-pays');

  // The developer delivers again, then disputes it from the task dialog.
  await moveToReview(devPage, id);
  await card(devPage, id).click();
  const devDialog = devPage.getByRole('dialog', { name: 'Task' });
  await expect(devDialog.getByText('Auto-pays in 7 days')).toBeVisible();
  await expect(devDialog.getByRole('button', { name: 'Request changes' })).toHaveCount(0);
  await devDialog.getByRole('button', { name: 'Open dispute' }).click();
  const dispute = devPage.getByRole('dialog', { name: `Open dispute · ${id}` });
  await dispute.getByRole('textbox', { name: 'Reason' }).fill('The work was delivered as agreed');
  await dispute.getByRole('button', { name: 'Open dispute' }).click();
  await expect(devDialog.getByText('In dispute', { exact: true })).toBeVisible();
  await expect(devDialog.getByText('Auto-pays')).toHaveCount(0);
  await devDialog.getByRole('button', { name: 'Close' }).click();
  await expect(card(column(devPage, 'Review'), id)).toContainText('In dispute');

  // The owner sees it frozen: the actions are disabled and say why; the board refuses a move.
  await expect(card(column(ownerPage, 'Review'), id)).toContainText('In dispute');
  await card(ownerPage, id).click();
  const ownerDialog = ownerPage.getByRole('dialog', { name: 'Task' });
  await expect(ownerDialog.getByRole('alert')).toContainText('This task is in dispute');
  await expect(ownerDialog.getByRole('button', { name: 'Request changes' })).toBeDisabled();
  await expect(ownerDialog.getByRole('button', { name: 'Request changes' })).toHaveAccessibleDescription(
    /This task is in dispute/,
  );
  await expect(ownerDialog.getByRole('button', { name: 'Open dispute' })).toHaveCount(0);
  await expectNoA11yViolations(ownerPage);
  await ownerDialog.getByRole('button', { name: 'Close' }).click();

  // Staff read the dispute in /admin and split the 40 USDT: 25 to the developer, 15 back to the owner.
  await post(request, dev, '/messages', { to: owner.id, text: 'I sent the VAT line fix yesterday' });
  const staffPage = await pageFor(browser, staff);
  await staffPage.goto('/admin');
  await staffPage.getByRole('tab', { name: 'Disputes' }).click();
  const item = staffPage.getByRole('listitem', { name: `${id} Payment page` });
  await expect(item).toContainText(fullName(owner));
  await expect(item).toContainText(fullName(dev));
  await expect(item).toContainText('The work was delivered as agreed');
  await expectNoA11yViolations(staffPage);
  await item.getByRole('button', { name: 'Review and resolve' }).click();
  const detail = staffPage.getByRole('dialog', { name: `Dispute · ${id} Payment page` });
  await expect(detail.getByRole('region', { name: 'Task comments and history' })).toContainText(
    'The receipt misses the VAT line',
  );
  await expect(
    detail.getByRole('region', { name: `Messages between ${fullName(owner)} and ${fullName(dev)}` }),
  ).toContainText('I sent the VAT line fix yesterday');
  await detail.getByRole('radio', { name: /Split/ }).check();
  await detail.getByRole('textbox', { name: "Assignee's share" }).fill('40');
  await detail.getByRole('button', { name: 'Resolve dispute' }).click();
  await expect(detail.getByText('Must be more than 0 and less than the price')).toBeVisible();
  await detail.getByRole('textbox', { name: "Assignee's share" }).fill('25');
  await detail.getByRole('button', { name: 'Resolve dispute' }).click();
  const confirm = staffPage.getByRole('dialog', { name: 'Confirm resolution' });
  await expect(confirm).toContainText(`${fullName(dev)} gets 25 USDT, ${fullName(owner)} gets 15 USDT back`);
  await expectNoA11yViolations(staffPage);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(staffPage.getByText('Dispute resolved', { exact: true })).toBeVisible();
  await expect(staffPage.getByText('No open disputes')).toBeVisible();
  await staffPage.getByRole('button', { name: 'Resolved' }).click();
  await expect(staffPage.getByRole('listitem', { name: `${id} Payment page` })).toContainText(
    `${fullName(dev)} gets 25 USDT, ${fullName(owner)} gets 15 USDT back`,
  );
  await staffPage.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => staffPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Both /finances pages show the resolution; nothing is held any more.
  await devPage.goto('/finances');
  await expect(balance(devPage)).toHaveText('$25.00 USDT');
  await expect(devPage.getByRole('row', { name: /Payment-In/ })).toContainText(`Dispute resolution for ${id}`);
  await expect(devPage.getByRole('row', { name: /Payment-In/ })).toContainText('+$25.00');
  await ownerPage.goto('/finances');
  await expect(balance(ownerPage)).toHaveText('$75.00 USDT');
  await expect(ownerPage.getByRole('row', { name: /Payment-Out/ })).toContainText(`Dispute resolution for ${id}`);
  await expect(ownerPage.getByRole('row', { name: /Payment-Out/ })).toContainText('−$25.00');
  await expect(ownerPage.getByText('Nothing is held in escrow')).toBeVisible();

  // The task tells its own history.
  await ownerPage.goto(`/task/${id}`);
  const history = ownerPage.getByRole('list', { name: 'Comments' });
  for (const step of [
    `Assigned to ${fullName(dev)}; 40 USDT held in escrow`,
    'Moved to Review',
    'Requested changes: back to In Progress',
    'The receipt misses the VAT line',
    'Opened a dispute: The work was delivered as agreed',
    `Dispute resolved by staff: 25 USDT to ${fullName(dev)}, 15 USDT back to the owner`,
  ]) {
    await expect(history).toContainText(step);
  }
  await expect(
    ownerPage.getByText('Staff split the payment: 25 USDT to the assignee, the rest back to the owner.'),
  ).toBeVisible();
  await expect(ownerPage.getByText('In dispute', { exact: true })).toHaveCount(0);
  await expectNoA11yViolations(ownerPage);
});
