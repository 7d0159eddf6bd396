import { expectNoA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { createVerifiedClient, loginInBrowser } from './support/users';

/** DESIGN §16: a token made in /account works once copied, reads but does not withdraw, and dies when revoked. */
test('a user creates an API token in Account, uses it, and revokes it', async ({ page, request }) => {
  const client = await createVerifiedClient(request);
  await loginInBrowser(page, client);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'API tokens' });
  // The account page's chunk is the largest; give a cold server time.
  await expect(section.getByText('You have no API tokens.')).toBeVisible({ timeout: 30_000 });
  await section.getByLabel('Token name').fill('Tracker sync');
  await section.getByRole('combobox', { name: 'Scope' }).click();
  await page.getByRole('option', { name: 'Read only' }).click();
  await section.getByRole('button', { name: 'Create token' }).click();
  const token = (await section.getByLabel('New API token').textContent()) ?? '';
  expect(token).toMatch(/^dm_pat_[A-Za-z0-9]{40}$/);
  await expect(section.getByRole('button', { name: 'Copy token' })).toBeVisible();
  const list = section.getByRole('list', { name: 'API tokens' });
  await expect(list.getByText('Tracker sync')).toBeVisible();
  await expect(list.getByText('Never used')).toBeVisible();
  await expectNoA11yViolations(page);

  const auth = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/v1/projects/my', { headers: auth })).status()).toBe(200);
  expect((await request.post('/api/v1/user/withdraw', { headers: auth, data: {} })).status()).toBe(403);
  // Once shown, never again: a reload lists it without the token, with its last use.
  await page.reload();
  await expect(section.getByLabel('New API token')).toHaveCount(0);
  await expect(list.getByText(/^Last used/)).toBeVisible();

  await list.getByRole('button', { name: 'Revoke Tracker sync' }).click();
  await expect(section.getByText('You have no API tokens.')).toBeVisible();
  expect((await request.get('/api/v1/projects/my', { headers: auth })).status()).toBe(401);
});
