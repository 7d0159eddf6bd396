import { expect, test } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient, loginInBrowser } from './support/users';
import { expectNoA11yViolations } from './support/a11y';

test('a client creates a project; a developer finds it by search and tag, applies; the client adds them', async ({
  browser,
  request,
}) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const word = `zephyr${Date.now().toString(36)}`;
  const name = `Storefront ${word}`;

  // The client creates the project from the dashboard.
  const clientCtx = await browser.newContext();
  const cp = await clientCtx.newPage();
  await loginInBrowser(cp, client);
  await cp.goto('/');
  await cp.getByRole('link', { name: 'Create Project' }).first().click();
  await expect(cp).toHaveURL(/\/project\/new$/);
  // The dialog's chunk loads after the address changes: checked once it is there (and faded in).
  await expect(cp.getByLabel('Project Name')).toBeVisible();
  await expectNoA11yViolations(cp);
  const create = cp.getByRole('button', { name: 'Create Project' });
  await cp.getByLabel('Project Name').fill(name);
  await cp.getByLabel('Company').fill('Acme Inc');
  await expect(create).toBeDisabled();
  await cp.getByLabel('Description').fill('We rebuild our **storefront** in React.');
  await expect(create).toBeEnabled();
  await create.click();
  await expect(cp).toHaveURL(new RegExp(`/project/storefront-${word}$`));
  await expect(cp.getByRole('navigation', { name: 'Project menu' }).getByText(name)).toBeVisible();
  await expectNoA11yViolations(cp);

  // The New Project dialog has no tags (spec §2): the owner sets them through the update call.
  const handle = `storefront-${word}`;
  const project = await (await request.get(`/api/v1/projects/${handle}`)).json();
  await request.post(`/api/v1/projects/${project.id}`, {
    headers: { authorization: `Bearer ${client.token}` },
    data: { name, company: 'Acme Inc', description: project.description, tags: 'React,Docker' },
  });

  // The developer searches, narrows by tag, opens the details and applies.
  const devCtx = await browser.newContext();
  const dp = await devCtx.newPage();
  await loginInBrowser(dp, dev);
  await dp.goto('/projects');
  await dp.getByLabel('Search').fill(word);
  await dp.getByLabel('Search').press('Enter');
  const results = dp.getByRole('region', { name: 'Projects' });
  await expect(results.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expectNoA11yViolations(dp);
  await dp.getByRole('combobox', { name: 'Tags' }).click();
  await dp.getByRole('option', { name: 'Vue' }).click();
  await dp.keyboard.press('Escape');
  await expect(dp.getByText('No projects found')).toBeVisible();
  await dp.getByRole('combobox', { name: 'Tags' }).click();
  // Reopened, the menu focuses its selected option and scrolls it into view: wait for that, or on
  // a slow machine the click lands where Vue was a moment ago (it picked Node once, CI 2026-11-27).
  await expect(dp.getByRole('option', { name: 'Vue' })).toBeFocused();
  await dp.getByRole('option', { name: 'Vue' }).click();
  await expect(dp.getByRole('option', { name: 'Vue' })).toHaveAttribute('aria-selected', 'false');
  await dp.getByRole('option', { name: 'Docker' }).click();
  await dp.keyboard.press('Escape');
  await results.getByRole('link', { name: new RegExp(name) }).click();
  await expect(dp).toHaveURL(new RegExp(`/project/${handle}/details$`));
  await expect(dp.getByRole('heading', { name })).toBeVisible();
  await dp.getByText('Public', { exact: true }).hover();
  await expect(dp.getByRole('tooltip', { name: 'Public projects are visible to everyone' })).toBeVisible();
  await expectNoA11yViolations(dp);

  await dp.getByRole('button', { name: 'Apply' }).click();
  const dialog = dp.getByRole('dialog');
  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Message').fill('x'.repeat(401));
  await expect(dialog.getByText('401/400')).toBeVisible();
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Message').fill('I have built three React storefronts.');
  await expect(dialog.getByText('37/400')).toBeVisible();
  await expectNoA11yViolations(dp);
  await send.click();
  await expect(dp.getByText('Applied to project')).toBeVisible();
  await expect(dp.getByRole('button', { name: 'Applied' })).toBeDisabled();

  // The client adds the applicant from the Team view.
  await cp.getByRole('button', { name: 'Team' }).click();
  await cp.getByRole('tab', { name: 'Applicants' }).click();
  const row = cp.getByRole('row', { name: new RegExp(dev.firstName) });
  await expect(row.getByText('I have built three React storefronts.')).toBeVisible();
  await expectNoA11yViolations(cp);
  await row.getByRole('button', { name: 'Add' }).click();
  await expect(cp.getByText('User added to team')).toBeVisible();
  await expect(cp.getByText('No Applicants Found')).toBeVisible();
  await cp.getByRole('tab', { name: 'Team Members' }).click();
  await expect(cp.getByRole('row', { name: new RegExp(`${dev.firstName}.*Admin`) })).toBeVisible();

  // Both dashboards show the project; only the owner's card has the Owner chip.
  await cp.goto('/');
  const ownerCard = cp.getByRole('link', { name });
  await expect(ownerCard.getByText('Owner')).toBeVisible();
  await expectNoA11yViolations(cp);
  await dp.goto('/');
  const devCard = dp.getByRole('link', { name });
  await expect(devCard).toBeVisible();
  await expect(devCard.getByText('Owner')).toHaveCount(0);
  await clientCtx.close();
  await devCtx.close();
});

test('a client invites a developer from the profile; the developer accepts from the message link', async ({
  browser,
  request,
}) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const name = `Private Ops ${Date.now().toString(36)}`;
  const r = await request.post('/api/v1/projects', {
    headers: { authorization: `Bearer ${client.token}` },
    data: { name, company: 'Acme Inc', description: 'Internal tooling.', visibility: 'Private' },
  });
  const project = await r.json();

  const clientCtx = await browser.newContext();
  const cp = await clientCtx.newPage();
  await loginInBrowser(cp, client);
  await cp.goto(`/dev/${dev.username}`);
  await cp.getByRole('button', { name: 'Invite to Project' }).click();
  const dialog = cp.getByRole('dialog', { name: 'Invite to Project' });
  await expect(dialog.getByText('Invite this developer to your projects')).toBeVisible();
  await expectNoA11yViolations(cp);
  await dialog.getByRole('button', { name: `Invite to ${name}` }).click();
  await expect(cp.getByText('Invited to project')).toBeVisible();
  await expect(dialog.getByRole('button', { name: `Invited to ${name}` })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The owner sees the pending invite, dated DD/MM/YYYY.
  await cp.goto(`/project/${project.handle}`);
  await cp.getByRole('button', { name: 'Team' }).click();
  await cp.getByRole('tab', { name: 'Invites' }).click();
  const d = new Date();
  const today = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  await expect(cp.getByRole('row', { name: new RegExp(`${dev.firstName}.*${today}`) })).toBeVisible();
  await expectNoA11yViolations(cp);

  // The developer opens the invite from the PROJECT_INVITE message and accepts.
  const devCtx = await browser.newContext();
  const dp = await devCtx.newPage();
  await loginInBrowser(dp, dev);
  await dp.goto('/messages');
  await dp.getByText(client.firstName).first().click();
  await dp.getByRole('link', { name: 'View invite' }).click();
  // The invite opens on the details page with one choice: Accept or Decline (no Apply beside it).
  await expect(dp).toHaveURL(new RegExp(`/project/${project.handle}/details$`));
  await expect(dp.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await expect(dp.getByRole('button', { name: 'Decline' })).toBeVisible();
  await dp.getByRole('button', { name: 'Accept Invite' }).click();
  await expect(dp).toHaveURL(new RegExp(`/project/${project.handle}$`));
  await expect(dp.getByText('Invite Accepted')).toBeVisible();
  await expect(dp.getByText('You have been added to the project.')).toBeVisible();
  await expectNoA11yViolations(dp);

  // A member who is not the owner sees the lock on Settings; the owner edits them.
  await expect(dp.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await cp.reload();
  await cp.getByRole('button', { name: 'Team' }).click();
  await cp.getByRole('tab', { name: 'Invites' }).click();
  await expect(cp.getByText('No Invites Yet')).toBeVisible();
  await cp.getByRole('button', { name: 'Settings' }).click();
  await expect(cp.getByLabel('Project Handle')).toHaveAttribute('readonly', '');
  await expectNoA11yViolations(cp);
  await cp.getByLabel('Company').fill('Acme Labs');
  await cp.getByRole('button', { name: 'Preview' }).click();
  await expect(cp.getByLabel('Description preview').getByText('Internal tooling.')).toBeVisible();
  await cp.getByRole('button', { name: '.MD' }).click();
  await cp.getByRole('button', { name: 'Save Changes' }).click();
  await expect(cp.getByText('Changes saved')).toBeVisible();
  await clientCtx.close();
  await devCtx.close();
});

test('a non-owner sees Unauthorized in Settings, and the owner removes a member', async ({ page, request }) => {
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request);
  const auth = { authorization: `Bearer ${client.token}` };
  const project = await (
    await request.post('/api/v1/projects', {
      headers: auth,
      data: { name: 'Team Rules', company: 'Acme', description: 'x' },
    })
  ).json();
  await request.post(`/api/v1/applications/project/${project.id}/apply`, {
    headers: { authorization: `Bearer ${dev.token}` },
    data: { message: 'hello' },
  });
  await request.post(`/api/v1/invites/projects/${project.id}`, { headers: auth, data: { userID: dev.id } });

  // The member remembers Settings as the view (as if chosen earlier): they get the lock, not the form.
  await loginInBrowser(page, dev);
  await page.goto(`/project/${project.handle}`);
  await page.evaluate(`localStorage.setItem('project-view:${project.id}', 'settings')`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Team' }).click();
  await expect(page.getByRole('tab', { name: 'Applicants' })).toHaveCount(0);

  await loginInBrowser(page, client);
  await page.goto(`/project/${project.handle}`);
  await page.getByRole('button', { name: 'Team' }).click();
  await expect(page.getByRole('button', { name: `Remove ${client.firstName} ${client.lastName}` })).toBeDisabled();
  await page.getByRole('button', { name: `Remove ${dev.firstName} ${dev.lastName}` }).click();
  await expect(page.getByText('User removed from team')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(dev.lastName) })).toHaveCount(0);
});
