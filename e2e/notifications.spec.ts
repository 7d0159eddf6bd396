import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { expect, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient, type E2EUser } from './support/users';

/** A browser context of its own, signed in as `user` (two people, two browsers). */
async function signedInPage(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await useToken(page, user.token);
  return page;
}

async function api(request: APIRequestContext, user: E2EUser, method: 'get' | 'post', url: string, data?: unknown) {
  const r = await request[method](`/api/v1${url}`, {
    headers: { authorization: `Bearer ${user.token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
  return r.json();
}

/** Approval told the developer already: start each story with an empty bell. */
async function clearNotifications(request: APIRequestContext, user: E2EUser) {
  await api(request, user, 'post', '/notifications/read', {});
}

async function createProject(request: APIRequestContext, client: E2EUser, name: string) {
  const created = await api(request, client, 'post', '/projects', {
    name,
    company: 'Acme Inc',
    description: 'A shop that sells rockets.',
  });
  return api(request, client, 'get', `/projects/${created.handle}`) as Promise<{ id: string; handle: string }>;
}

test('a developer applies, the owner is told live and adds them; the dashboard shows the project and the task', async ({
  browser,
  request,
}) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  await clearNotifications(request, dev);
  const name = `Rocket Shop ${Date.now().toString(36)}`;
  const project = await createProject(request, client, name);

  // The owner waits on the dashboard, bell at zero.
  const owner = await signedInPage(browser, client);
  await owner.goto('/');
  const bell = owner.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await expect(
    owner.getByRole('region', { name: 'Applicants waiting' }).getByText('No applicants waiting.'),
  ).toBeVisible();

  // The developer applies from the details page.
  const dp = await signedInPage(browser, dev);
  await dp.goto(`/project/${project.handle}/details`);
  await dp.getByRole('button', { name: 'Apply' }).click();
  await dp.getByRole('dialog').getByLabel('Message').fill('I have built three rocket shops.');
  await dp.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(dp.getByRole('button', { name: 'Applied' })).toBeDisabled();

  // The owner's bell counts it without a reload; the dashboard lists the applicant.
  await expect(owner.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
  await expect(
    owner.getByRole('region', { name: 'Applicants waiting' }).getByRole('link', { name: '1 applicant' }),
  ).toBeVisible();
  await owner.getByRole('button', { name: 'Notifications (1 unread)' }).click();
  const popover = owner.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText('Today')).toBeVisible();
  const item = popover.getByRole('button', { name: `Unread: New application to ${name}` });
  await expect(item).toBeVisible();
  await expectNoA11yViolations(owner);

  // Opening it marks it read and lands on the applicants; the owner adds the developer.
  await item.click();
  await expect(owner).toHaveURL(new RegExp(`/project/${project.handle}\\?view=applicants$`));
  await expect(owner.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(owner.getByRole('tab', { name: 'Applicants', selected: true })).toBeVisible();
  await owner.getByRole('button', { name: 'Add' }).click();

  // The developer, on the dashboard, sees the project and the application's new status.
  await dp.goto('/');
  await expect(dp.getByRole('button', { name: /^Notifications \(1 unread\)$/ })).toBeVisible();
  const applications = dp.getByRole('region', { name: 'My applications' });
  await expect(applications.getByText('Added')).toBeVisible();
  await expect(dp.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  await expect(dp.getByText(name).first()).toBeVisible();
  const tasks = dp.getByRole('region', { name: 'My tasks' });
  await expect(tasks.getByText('No open tasks.', { exact: false })).toBeVisible();

  // Assigned a task with a due date: it appears live with its due date, and the bell counts it.
  const task = await api(request, client, 'post', '/tasks', {
    projectID: project.id,
    summary: 'Build the checkout',
    assigneeID: dev.id,
    dueDate: '2030-12-02T18:00:00.000Z',
  });
  await expect(tasks.getByRole('link', { name: `${task.identifier} Build the checkout` })).toBeVisible();
  await expect(tasks.getByText('Due 2 Dec 2030')).toBeVisible();
  await expect(tasks.getByText('ToDo')).toBeVisible();
  await expect(dp.getByRole('button', { name: 'Notifications (2 unread)' })).toBeVisible();
  await expectNoA11yViolations(dp);

  // The full page lists both; Mark all as read clears the count everywhere.
  await dp.goto('/notifications');
  await expect(dp.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(dp.getByRole('button', { name: `Unread: ${task.identifier} assigned to you` })).toBeVisible();
  await expect(dp.getByRole('button', { name: `Unread: You joined ${name}` })).toBeVisible();
  await expectNoA11yViolations(dp);
  await dp.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(dp.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(dp.getByRole('button', { name: `${task.identifier} assigned to you` })).toBeVisible();
});

test('an invited developer sees the invite on the dashboard and accepts it there', async ({ browser, request }) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  await clearNotifications(request, dev);
  const name = `Invite Ops ${Date.now().toString(36)}`;
  const project = await createProject(request, client, name);

  const dp = await signedInPage(browser, dev);
  await dp.goto('/');
  await expect(dp.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await api(request, client, 'post', `/invites/projects/${project.id}`, { userID: dev.id });
  // Live: the invite section and the bell appear without a reload.
  const invites = dp.getByRole('region', { name: 'Invites' });
  await expect(invites.getByText(name)).toBeVisible();
  await expect(dp.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
  await dp.getByRole('button', { name: 'Notifications (1 unread)' }).click();
  await expect(dp.getByRole('dialog', { name: 'Notifications' }).getByText(`Invite to ${name}`)).toBeVisible();
  await dp.keyboard.press('Escape');
  await expectNoA11yViolations(dp);

  await invites.getByRole('button', { name: `Accept invite to ${name}` }).click();
  await expect(dp).toHaveURL(new RegExp(`/project/${project.handle}$`));
  // A member now: neither the invite banner nor the read-only note.
  await expect(dp.getByText('You have been invited to join')).toHaveCount(0);
  await expect(dp.getByText('You are viewing this public project read-only.')).toHaveCount(0);
  await expect(dp.getByRole('button', { name: 'Create Task' })).toBeVisible();
  await dp.goto('/');
  await expect(dp.getByRole('region', { name: 'Invites' })).toHaveCount(0);
});

test('an invitee on the board sees one banner, and the sender has no accept action', async ({ browser, request }) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  await clearNotifications(request, dev);
  const name = `Banner Co ${Date.now().toString(36)}`;
  const project = await createProject(request, client, name);
  await api(request, client, 'post', `/invites/projects/${project.id}`, { userID: dev.id });

  const dp = await signedInPage(browser, dev);
  await dp.goto(`/project/${project.handle}`);
  await expect(dp.getByText('You have been invited to join')).toBeVisible();
  await expect(dp.getByText('You are viewing this public project read-only.')).toHaveCount(0);

  const cp = await signedInPage(browser, client);
  await cp.goto('/messages');
  await cp.getByText(dev.firstName).first().click();
  await expect(cp.getByRole('link', { name: 'Open project' })).toBeVisible();
  await expect(cp.getByRole('link', { name: 'View invite' })).toHaveCount(0);
  await expect(cp.getByRole('button', { name: /Accept/ })).toHaveCount(0);

  // Declining on the details page removes the invite; the developer may apply instead.
  await dp.goto(`/project/${project.handle}/details`);
  await dp.getByRole('button', { name: 'Decline' }).click();
  await expect(dp.getByRole('button', { name: 'Apply' })).toBeVisible();
});
