import { expect, test } from './support/fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { createApprovedDeveloper, createVerifiedClient, loginInBrowser } from './support/users';

/**
 * DESIGN §17 and §19: a client creates a project with a tag of their own (typed, Enter adds it and
 * does not submit), invites the recommended developer from the Team view, and that developer
 * finds the project under "Projects for you".
 */
test('a tagged project recommends a developer; invited from the Team view; the project is in their Projects for you', async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const skill = `Zig${stamp}`;
  const client = await createVerifiedClient(request);
  const dev = await createApprovedDeveloper(request, { tags: [skill, 'Rust'] });
  const devName = `${dev.firstName} ${dev.lastName}`;
  const name = `Compiler ${stamp}`;

  const clientCtx = await browser.newContext();
  const cp = await clientCtx.newPage();
  await loginInBrowser(cp, client);
  await cp.goto('/project/new');
  await cp.getByLabel('Project Name').fill(name);
  await cp.getByLabel('Company').fill('Acme Inc');
  await cp.getByLabel('Description').fill('We write a compiler and need help with the backend.');
  const tags = cp.getByRole('combobox', { name: 'Tags' });
  // Their own tag, typed in lower case: Enter adds it and does not submit the form.
  await tags.fill(skill.toLowerCase());
  await tags.press('Enter');
  await expect(cp.getByRole('button', { name: skill.toLowerCase() })).toBeVisible();
  await tags.press('Enter');
  await expect(cp).toHaveURL(/\/project\/new$/);
  await cp.getByRole('button', { name: 'Create Project' }).click();
  await expect(cp).toHaveURL(new RegExp(`/project/compiler-${stamp}$`));
  // One submit, one project.
  const owned = await (
    await request.get('/api/v1/projects/owned', { headers: { authorization: `Bearer ${client.token}` } })
  ).json();
  expect(owned).toHaveLength(1);

  // The Team view recommends the developer: matched tag, rating, completed tasks, Invite.
  await cp.goto(`/project/compiler-${stamp}?view=team`);
  const section = cp.getByRole('region', { name: 'Recommended for this project' });
  const row = section.getByRole('listitem', { name: devName });
  await expect(row).toBeVisible();
  await expect(row.getByText(skill.toLowerCase())).toBeVisible();
  await expect(row.getByText('Not rated yet')).toBeVisible();
  await expect(row.getByText('0 completed tasks')).toBeVisible();
  await expectNoA11yViolations(cp);
  await row.getByRole('button', { name: `Invite ${devName}` }).click();
  await expect(cp.getByText('Invited to project')).toBeVisible();
  // Invited developers leave the recommendations.
  await expect(section.getByRole('listitem', { name: devName })).toHaveCount(0);

  // The developer sees the project under "Projects for you", with the matched tag and Apply.
  const devCtx = await browser.newContext();
  const dp = await devCtx.newPage();
  await loginInBrowser(dp, dev);
  await dp.goto('/');
  const forYou = dp.getByRole('region', { name: 'Projects for you' });
  const card = forYou.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText(skill.toLowerCase())).toBeVisible();
  await expect(card.getByRole('button', { name: `Apply to ${name}` })).toBeVisible();
  await expectNoA11yViolations(dp);

  // And the bell told them when the project was created (project.matched).
  const n = await (
    await request.get('/api/v1/notifications', { headers: { authorization: `Bearer ${dev.token}` } })
  ).json();
  expect(n.some((x: { type: string; title: string }) => x.type === 'project.matched' && x.title.includes(name))).toBe(
    true,
  );

  await clientCtx.close();
  await devCtx.close();
});
