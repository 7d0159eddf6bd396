import type { Browser, Page } from '@playwright/test';
import { expect, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient, type E2EUser } from './support/users';
import { expectNoA11yViolations } from './support/a11y';

/** A browser context of its own, signed in as `user` (two people, two browsers). */
async function signedInPage(browser: Browser, user: E2EUser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await useToken(page, user.token);
  return page;
}

test('a client messages a developer from the profile; both see each other live', async ({ browser, request }) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request, { title: 'React specialist' });
  const clientName = `${client.firstName} ${client.lastName}`;
  const devName = `${dev.firstName} ${dev.lastName}`;

  // The developer is already on /messages, with no conversations yet.
  const devPage = await signedInPage(browser, dev);
  await devPage.goto('/messages');
  await expect(devPage.getByText('No conversations yet')).toBeVisible();
  await expectNoA11yViolations(devPage);

  // The client opens the developer's profile and sends the prefilled message.
  const clientPage = await signedInPage(browser, client);
  await clientPage.goto(`/dev/${dev.username}`);
  await clientPage.getByRole('button', { name: 'Send Message' }).click();
  const dialog = clientPage.getByRole('dialog', { name: 'Send Message' });
  await expect(dialog.getByText('Start a conversation with this developer')).toBeVisible();
  await expectNoA11yViolations(clientPage);
  const field = dialog.getByRole('textbox', { name: 'Message' });
  await expect(field).toHaveValue("Hi, I'm interested in your services.");
  await field.fill("Hi, I'm interested in your services.\nCould you help with a React dashboard?");
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(clientPage.getByText('Message sent')).toBeVisible();
  await expect(clientPage).toHaveURL(/\/messages\?threadID=[0-9a-f-]{36}$/);
  const clientLog = clientPage.getByRole('log', { name: 'Messages' });
  await expect(clientLog.getByText('Could you help with a React dashboard?')).toBeVisible();
  await expect(
    clientPage.getByRole('complementary', { name: 'Profile' }).getByRole('button', { name: 'Hire' }),
  ).toBeVisible();
  await expectNoA11yViolations(clientPage);

  // Without a reload the developer sees the new conversation, unread, and the top bar's count.
  const threadLink = devPage.getByRole('link', { name: new RegExp(clientName) });
  await expect(threadLink).toBeVisible();
  await expect(threadLink).toContainText('1');
  const topBarMessages = devPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' });
  await expect(topBarMessages.locator('[title="1 unread"]')).toBeVisible();
  await threadLink.click();
  const devLog = devPage.getByRole('log', { name: 'Messages' });
  await expect(devLog.getByText('Could you help with a React dashboard?')).toBeVisible();
  await expect(devLog.getByText('Today')).toBeVisible();
  // Developers get no hire action.
  await expect(devPage.getByRole('button', { name: 'Hire' })).toHaveCount(0);
  await expect(topBarMessages.locator('[title$="unread"]')).toHaveCount(0);

  // The developer answers: Shift+Enter makes a new line, Enter sends.
  const composer = devPage.getByRole('textbox', { name: 'Message' });
  await composer.fill('Sure!');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('When do we start?');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(devLog.getByText(/Sure!\s+When do we start\?/)).toBeVisible();

  // The client sees the answer live, in the open thread.
  await expect(clientLog.getByText(/Sure!\s+When do we start\?/)).toBeVisible();
  await expect(clientPage.getByRole('link', { name: new RegExp(devName) })).toContainText('When do we start?');

  // Small screens: the list and the thread are separate views.
  await clientPage.setViewportSize({ width: 375, height: 740 });
  await expect(clientPage.getByRole('link', { name: 'Back to conversations' })).toBeVisible();
  await expectNoA11yViolations(clientPage);
  await clientPage.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(clientPage.getByRole('link', { name: new RegExp(devName) })).toBeVisible();
  await expect(clientPage.getByRole('log', { name: 'Messages' })).toHaveCount(0);
});

test('a board move in one browser appears in the other without reload', async ({ browser, request }) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const as = (u: E2EUser) => ({ authorization: `Bearer ${u.token}` });
  const p = await request.post('/api/v1/projects', {
    headers: as(client),
    data: { name: 'Live board', description: 'Board shared by two browsers', company: 'Acme' },
  });
  expect(p.status(), await p.text()).toBe(200);
  const project = (await p.json()) as { id: string; handle: string };
  const inv = await request.post(`/api/v1/invites/projects/${project.id}`, {
    headers: as(client),
    data: { userID: dev.id },
  });
  expect(inv.status(), await inv.text()).toBe(200);
  const acc = await request.post(`/api/v1/invites/projects/${project.id}/accept`, { headers: as(dev) });
  expect(acc.status(), await acc.text()).toBe(200);
  const t = await request.post('/api/v1/tasks', {
    headers: as(client),
    data: { projectID: project.id, summary: 'Wire the live board', assigneeID: dev.id },
  });
  expect(t.status(), await t.text()).toBe(200);
  const task = (await t.json()) as { id: string; identifier: string };

  const ownerPage = await signedInPage(browser, client);
  const devPage = await signedInPage(browser, dev);
  await ownerPage.goto(`/project/${project.handle}`);
  await devPage.goto(`/project/${project.handle}`);
  const column = (page: Page, name: string) => page.getByRole('region', { name });
  const card = (page: Page) => page.getByRole('button', { name: new RegExp(`^${task.identifier} `) });
  await expect(column(ownerPage, 'ToDo').getByText('Wire the live board')).toBeVisible();
  await expect(column(devPage, 'ToDo').getByText('Wire the live board')).toBeVisible();

  // The developer drags the card to In Progress.
  const from = await card(devPage).boundingBox();
  const to = await column(devPage, 'In Progress').boundingBox();
  if (!from || !to) throw new Error('board not laid out');
  await devPage.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await devPage.mouse.down();
  await devPage.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
  await devPage.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 15 });
  await devPage.mouse.up();
  await expect(column(devPage, 'In Progress').getByText('Wire the live board')).toBeVisible();

  // The owner's open board follows, with no reload.
  await expect(column(ownerPage, 'In Progress').getByText('Wire the live board')).toBeVisible();
  await expect(column(ownerPage, 'ToDo').getByText('Wire the live board')).toHaveCount(0);
});
