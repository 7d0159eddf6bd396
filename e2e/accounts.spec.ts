import { randomBytes } from 'node:crypto';
import { E2E_STAFF, expect, loginViaApi, test } from './support/fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { hydrated } from './support/page';
import {
  createApprovedDeveloper,
  createVerifiedClient,
  loginInBrowser,
  readLatestMail,
  readVerificationCode,
} from './support/users';

const unique = () => randomBytes(4).toString('hex');

test('a client signs up, verifies the email by code and lands on the dashboard', async ({ page, request }) => {
  const email = `client-${unique()}@example.com`;
  await page.goto('/sign-up');
  // The page arrives pre-rendered: what is typed before hydration is the browser's, not the app's.
  await hydrated(page, 'main form');
  await page.getByLabel('Name').fill('Cora Client');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-long-password');
  const submit = page.getByRole('button', { name: 'Sign Up' });
  await expect(submit).toBeDisabled();
  await expectNoA11yViolations(page);
  await page.getByRole('checkbox').check();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Verify Email Address' })).toBeVisible();
  // A wrong code is refused and cleared.
  const code = await readVerificationCode(request, email);
  const codeInput = page.getByLabel('Verification code');
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await expect(page.getByText('Incorrect code. Check your email and try again.')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(codeInput).toHaveValue('');
  await codeInput.fill(code);
  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The client's dashboard (empty).
  await expectNoA11yViolations(page);
  const me = await (
    await request.get('/api/v1/user', {
      headers: { authorization: `Bearer ${await loginViaApi(request, email, 'a-good-long-password')}` },
    })
  ).json();
  expect(me).toMatchObject({ firstName: 'Cora', lastName: 'Client', type: 'Client', verified: true });
});

test('a developer onboards step by step and is approved by staff at /admin', async ({ page, browser, request }) => {
  const email = `dev-${unique()}@example.com`;
  const username = `dev-${unique()}`;
  await page.goto('/sign-up/developer');
  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem')).toHaveCount(5);
  await expectNoA11yViolations(page);
  await page.getByLabel('Name').fill('Devon Builder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-long-password');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByRole('heading', { name: 'Verify Email Address' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await readVerificationCode(request, email));

  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await expectNoA11yViolations(page);
  const update = page.getByRole('button', { name: 'Update Profile' });
  await expect(update).toBeDisabled();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Title').fill('TypeScript engineer');
  await page.getByLabel('About').fill('I ship well-tested web apps.');
  await update.click();

  await expect(page.getByRole('heading', { name: 'Profile Links' })).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.getByLabel('GitHub').fill(`https://github.com/${username}`);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Account In Review' })).toBeVisible();
  await page.getByRole('button', { name: 'Check Account Status' }).click();
  await expect(page.getByText('Account Pending')).toBeVisible();
  await expectNoA11yViolations(page);

  // Staff approve in the console.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await loginInBrowser(staffPage, { token: await loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password) });
  await staffPage.goto('/admin');
  const card = staffPage.getByRole('listitem', { name: 'Devon Builder' });
  await expect(card.getByText('TypeScript engineer')).toBeVisible();
  await expect(card.getByRole('link', { name: new RegExp(`github.com/${username}`) })).toBeVisible();
  await expectNoA11yViolations(staffPage);
  await card.getByRole('button', { name: 'Approve' }).click();
  // DESIGN §19: the three checks, then the confirm.
  const approve = staffPage.getByRole('dialog', { name: 'Approve Devon Builder?' });
  await approve.getByLabel(/Identity checked/).check();
  await approve.getByLabel(/Skills checked/).check();
  await approve.getByLabel(/Experience checked/).check();
  await approve.getByLabel(/Note/).fill('Video call and two repositories');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(staffPage.getByText('Developer approved')).toBeVisible();
  await staffContext.close();

  await page.getByRole('button', { name: 'Check Account Status' }).click();
  await expect(page.getByText('Account Approved')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('non-staff users get the Unauthorized treatment at /admin', async ({ page, request }) => {
  const client = await createVerifiedClient(request);
  await loginInBrowser(page, client);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('login failure, login with redirect, and logout', async ({ page, request }) => {
  const client = await createVerifiedClient(request);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeEnabled();
  await expectNoA11yViolations(page);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('password reset by the mailed link', async ({ page, request }) => {
  const client = await createVerifiedClient(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The page is loaded lazily: wait for it, or the login page's Email field would be filled.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // A link followed before hydration loads the page from the server, pre-rendered: let it hydrate.
  await hydrated(page, 'main form');
  await page.getByLabel('Email').fill(client.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expectNoA11yViolations(page);
  const mail = await readLatestMail(request, client.email, /Reset your DevMarket password/);
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0] as string;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await hydrated(page, 'main form'); // pre-rendered, as /sign-up
  await expect(page.getByLabel('New Password')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('New Password').fill('my-new-password-42');
  await page.getByLabel('Confirm Password').fill('my-new-password-42');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill('my-new-password-42');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/$/);
});

test('account: details, avatar upload, profile markdown and password', async ({ page, request }) => {
  const dev = await createApprovedDeveloper(request);
  await loginInBrowser(page, dev);
  await page.goto('/account');
  await page.getByLabel('First Name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Required.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('First Name').fill('Renamed');
  await page.getByLabel('Location').fill('Lisbon, Portugal');
  await page.getByLabel('Timezone').fill('Europe/Lis');
  await page.getByRole('option', { name: 'Europe/Lisbon' }).click();
  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: 'Docker' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Account updated successfully.')).toBeVisible();

  // A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.getByLabel('Image file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image updated.')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Profile (Markdown)').fill('## Hello clients\n\nI **love** tests.');
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Hello clients' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated.')).toBeVisible();

  // The Two-step verification section asks for the password too: fill the Password form's.
  const passwordForm = page.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current Password').fill(dev.password);
  await passwordForm.getByLabel('New Password').fill('changed-password-99');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated.')).toBeVisible();
  // Still signed in with the fresh token.
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Renamed');

  await page.goto(`/dev/${dev.username}`);
  await expect(page.getByRole('heading', { name: 'Hello clients' })).toBeVisible();
  await expect(page.getByText('Lisbon, Portugal')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(page.getByRole('main').getByRole('img', { name: /Renamed/ })).toBeVisible();
  // One's own profile has no message or invite buttons.
  await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
});

test('a client finds a developer by search and tag and opens the profile', async ({ page, request }) => {
  const title = `Kubernetes wizard ${unique()}`;
  const dev = await createApprovedDeveloper(request, { tags: ['Kubernetes', 'GCP'], title });
  const client = await createVerifiedClient(request);
  await loginInBrowser(page, client);
  await page.goto('/talent');
  await expect(page.getByRole('heading', { name: 'Featured' })).toBeVisible();
  const search = page.getByLabel('Search talent');
  await search.fill('zz-no-such-developer-zz');
  await search.press('Enter');
  await expect(page.getByText('No users found')).toBeVisible();
  await expectNoA11yViolations(page);
  await search.fill(title);
  await search.press('Enter');
  await page.getByRole('button', { name: 'GCP' }).click();
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/dev/${dev.username}$`));
  await expect(page.getByRole('heading', { name: `${dev.firstName} ${dev.lastName}` })).toBeVisible();
  await expect(page.getByText('No reviews yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite to Project' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto('/dev/no-such-user-here');
  await expect(page.getByRole('heading', { name: 'Developer not found' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Find Talent' }).last().click();
  await expect(page).toHaveURL(/\/talent$/);
});
