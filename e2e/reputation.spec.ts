import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { E2E_STAFF, expect, loginViaApi, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient, type E2EUser } from './support/users';

const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

async function post(request: APIRequestContext, user: { token: string }, url: string, data?: unknown) {
  const r = await request.post(`/api/v1${url}`, { headers: auth(user), ...(data === undefined ? {} : { data }) });
  expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
  return r.json();
}

/** A completed 40 USDT deposit confirmed by staff. */
async function fund(request: APIRequestContext, client: E2EUser) {
  const d = await post(request, client, '/user/deposit', { currency: 'USDT' });
  const staff = { token: await loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password) };
  await post(request, staff, `/admin/transactions/${d.transactionID}/complete`, { amount: '40' });
}

test('after a paid completion both parties review; the profile and the talent card show the rating', async ({
  browser,
  request,
}) => {
  const city = `Karachi${randomBytes(3).toString('hex')}`;
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request, { tags: ['React'] });
  await post(request, dev, '/user', { location: `${city}, Pakistan`, timezone: 'Asia/Karachi' });
  await fund(request, client);
  const project = await post(request, client, '/projects', {
    name: `Storefront ${randomBytes(3).toString('hex')}`,
    description: '## Goal\nRebuild the shop',
    company: 'Acme',
    tags: 'React,Node',
  });
  await post(request, client, `/invites/projects/${project.id}`, { userID: dev.id });
  await post(request, dev, `/invites/projects/${project.id}/accept`);
  const task = await post(request, client, '/tasks', {
    projectID: project.id,
    summary: 'Checkout page',
    assigneeID: dev.id,
    price: '40',
  });
  await post(request, dev, `/tasks/${task.id}/stage`, { stage: 'Review' });
  await post(request, client, `/tasks/${task.id}/stage`, { stage: 'Complete' });

  // The client follows a review link (as the dashboard and the notification do): the dialog opens.
  const clientCtx = await browser.newContext();
  const cp = await clientCtx.newPage();
  await useToken(cp, client.token);
  await cp.goto(`/task/${task.identifier}?review=1`);
  const dialog = cp.getByRole('dialog', { name: `Review ${dev.firstName} ${dev.lastName}` });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(cp);
  await dialog.getByRole('button', { name: 'Submit review' }).click();
  await expect(dialog.getByText('Choose a rating from 1 to 5')).toBeVisible();
  // MUI's star radios are visually hidden; a person clicks the star (its label).
  await dialog.locator('label').filter({ hasText: '5 Stars' }).click();
  await expect(dialog.getByRole('radio', { name: '5 Stars' })).toBeChecked();
  await dialog.getByLabel('Review').fill('Shipped the checkout early, with tests.');
  await dialog.getByRole('button', { name: 'React' }).click();
  await dialog.getByRole('button', { name: 'Submit review' }).click();
  await expect(cp.getByText('Review submitted')).toBeVisible();
  await expect(cp.getByRole('group', { name: 'Your review' })).toContainText('Shipped the checkout early');
  // Double-blind: nothing of the developer's side yet, and nothing public.
  await expect(cp.getByText(/review of you is shown once they have written it/)).toBeVisible();

  // The developer reviews from the task, then sees the client's review.
  const devCtx = await browser.newContext();
  const dp = await devCtx.newPage();
  await useToken(dp, dev.token);
  await dp.goto(`/task/${task.identifier}`);
  await dp.getByRole('button', { name: 'Leave a review' }).click();
  const devDialog = dp.getByRole('dialog', { name: `Review ${client.firstName} ${client.lastName}` });
  await expect(devDialog.getByRole('group', { name: 'Endorse skills' })).toHaveCount(0);
  await devDialog.locator('label').filter({ hasText: '4 Stars' }).click();
  await devDialog.getByRole('button', { name: 'Submit review' }).click();
  await expect(dp.getByText('Review submitted')).toBeVisible();
  await expect(dp.getByRole('group', { name: /review of you/ })).toContainText('Shipped the checkout early');

  // The developer's profile: rating, the review with its project, the endorsement.
  await cp.goto(`/dev/${dev.username}`);
  await expect(cp.getByLabel('Rated 5.0 out of 5 from 1 review').first()).toBeVisible();
  const reviews = cp.getByRole('list', { name: 'Latest reviews' });
  await expect(reviews).toContainText(project.name);
  await expect(reviews).toContainText('Shipped the checkout early, with tests.');
  await expect(cp.getByRole('region', { name: 'Endorsements' })).toContainText('React · 1');
  await expectNoA11yViolations(cp);

  // Talent search by city finds the developer; the card shows rating, location and timezone.
  await cp.goto('/talent');
  await cp.getByLabel('Search talent').fill(city.toLowerCase());
  await cp.getByLabel('Search talent').press('Enter');
  const card = cp.getByRole('list', { name: 'Developers' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${dev.firstName} ${dev.lastName}`);
  await expect(card.getByLabel('Rated 5.0 out of 5 from 1 review')).toBeVisible();
  await expect(card).toContainText(`${city}, Pakistan · Asia/Karachi`);
  await expect(card).toContainText('1 completed paid task');
  await expectNoA11yViolations(cp);

  // The client's reputation on the project's details page.
  await dp.goto(`/project/${project.handle}/details`);
  const about = dp.getByRole('region', { name: 'About the client' });
  await expect(about.getByLabel('Rating as a client: Rated 4.0 out of 5 from 1 review')).toBeVisible();
  await expect(about).toContainText('40.00 USDT total spent');
  await expect(about).toContainText('1 hire');
  await clientCtx.close();
  await devCtx.close();
});

test('a client tags a project in Settings and a developer finds it with the Tags filter', async ({
  browser,
  request,
}) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const name = `Cluster ops ${randomBytes(3).toString('hex')}`;
  const project = await post(request, client, '/projects', {
    name,
    description: '# Scope\n\n- Helm charts\n- Autoscaling',
    company: 'Orbit',
  });

  const clientCtx = await browser.newContext();
  const cp = await clientCtx.newPage();
  await useToken(cp, client.token);
  await cp.goto(`/project/${project.handle}`);
  await cp.getByRole('button', { name: 'Settings' }).click();
  await cp.getByRole('combobox', { name: 'Tags' }).click();
  await cp.getByRole('option', { name: 'Kubernetes' }).click();
  // The open tags field closes its suggestions on a pick (issue 31): open them again.
  await cp.getByRole('combobox', { name: 'Tags' }).click();
  await cp.getByRole('option', { name: 'GCP' }).click();
  await cp.keyboard.press('Escape');
  await cp.getByRole('button', { name: 'Save Changes' }).click();
  await expect(cp.getByText('Changes saved')).toBeVisible();
  await clientCtx.close();

  const dp = await (await browser.newContext()).newPage();
  await useToken(dp, dev.token);
  await dp.goto('/projects');
  await dp.getByRole('combobox', { name: 'Tags' }).click();
  await dp.getByRole('option', { name: 'Kubernetes' }).click();
  await dp.getByRole('option', { name: 'GCP' }).click();
  await dp.keyboard.press('Escape');
  const grid = dp.getByRole('region', { name: 'Projects' });
  await expect(grid.getByRole('heading', { name })).toBeVisible();
  // The card reads as prose (markdown stripped, words kept apart) with what a developer chooses by.
  const card = grid.getByRole('link').filter({ has: dp.getByRole('heading', { name }) });
  await expect(card).toContainText('Scope: Helm charts, Autoscaling.');
  await expect(card).toContainText('No open priced tasks');
  await expect(card).toContainText('Applicants0');
  await expectNoA11yViolations(dp);

  // A stale search does not follow the developer to Featured; the empty state names the tags.
  await dp.getByLabel('Search').fill('helm');
  await dp.getByLabel('Search').press('Enter');
  await expect(grid.getByRole('heading', { name })).toBeVisible();
  await dp.getByRole('button', { name: 'Featured' }).click();
  await expect(dp.getByLabel('Search')).toHaveValue('');
  await expect(
    dp.getByText('No featured projects are tagged Kubernetes, GCP. Remove a tag to see more.'),
  ).toBeVisible();
});
