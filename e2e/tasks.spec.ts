import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient, type E2EUser } from './support/users';
import { expectNoA11yViolations } from './support/a11y';
import { drag, keyboardSensorReady } from './support/page';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

type Team = { owner: E2EUser; dev: E2EUser; project: { id: string; handle: string; key: string } };

/** A client's project with an approved developer on the team and 100 USDT for escrow. */
async function makeTeam(request: APIRequestContext, { fund = false } = {}): Promise<Team> {
  const [owner, dev] = await Promise.all([createVerifiedClient(request), createApprovedDeveloper(request)]);
  const p = await request.post('/api/v1/projects', {
    headers: auth(owner.token),
    data: { name: 'Board Test', description: 'Tasks end to end', company: 'Acme' },
  });
  expect(p.status(), await p.text()).toBe(200);
  const project = await p.json();
  const inv = await request.post(`/api/v1/invites/projects/${project.id}`, {
    headers: auth(owner.token),
    data: { userID: dev.id },
  });
  expect(inv.status(), await inv.text()).toBe(200);
  const acc = await request.post(`/api/v1/invites/projects/${project.id}/accept`, { headers: auth(dev.token) });
  expect(acc.status(), await acc.text()).toBe(200);
  if (fund) {
    const d = await request.post('/api/v1/user/deposit', { headers: auth(owner.token), data: { currency: 'USDT' } });
    expect(d.status(), await d.text()).toBe(200);
    const staff = await request.post('/api/v1/auth/login', {
      data: { email: 'staff@e2e.test', password: 'staff-e2e-password' },
    });
    const { accessToken } = await staff.json();
    const c = await request.post(`/api/v1/admin/transactions/${(await d.json()).transactionID}/complete`, {
      headers: auth(accessToken),
      data: { amount: '100' },
    });
    expect(c.status(), await c.text()).toBe(200);
  }
  return { owner, dev, project };
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, identifier: string) =>
  scope.getByRole('button', { name: new RegExp(`^${identifier} `) });

/**
 * Picks a card up with Space and moves it with an arrow key, waiting for the board's screen-reader
 * announcements between keys (as a screen-reader user would hear them); the caller drops or cancels.
 */
async function keyboardMove(page: Page, identifier: string, key: 'ArrowLeft' | 'ArrowRight', over: string) {
  await card(page, identifier).focus();
  await page.keyboard.press('Space');
  // Lifted: dnd-kit marks the card pressed, and announces the column it is over.
  await expect(card(page, identifier)).toHaveAttribute('aria-pressed', 'true');
  await keyboardSensorReady(page);
  await page.keyboard.press(key);
  await expect(page.getByText(`Over ${over}.`, { exact: true })).toBeAttached();
}

async function stageOf(request: APIRequestContext, token: string, taskId: string) {
  return (await (await request.get(`/api/v1/tasks/${taskId}`, { headers: auth(token) })).json()).stage;
}

test('create a task with a file, move it across the board, the owner completes it', async ({ page, request }) => {
  const { owner, dev, project } = await makeTeam(request, { fund: true });
  await useToken(page, owner.token);
  // DESIGN §9: the session token never travels in an address (downloads use a 60-second link).
  const addresses: string[] = [];
  page.on('request', (r) => addresses.push(r.url()));
  await page.goto(`/project/${project.handle}`);
  await page.getByRole('navigation', { name: 'Project menu' }).getByRole('button', { name: 'Create Task' }).click();

  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('Build the login page');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Use **MUI**');
  await dialog.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: `${dev.firstName} ${dev.lastName}` }).click();
  await dialog.getByRole('textbox', { name: 'Price' }).fill('30');
  await dialog.getByLabel('Attach files').setInputFiles({
    name: 'brief.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('the uploaded bytes'),
  });
  await expect(dialog.getByText('brief.txt')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  // Assigning a priced task holds its price: the owner is asked first (DESIGN §13).
  const hold = page.getByRole('dialog', { name: 'Hold funds in escrow?' });
  await expect(hold).toContainText(
    `Assign this task to ${dev.firstName} ${dev.lastName} and hold 30 USDT from your balance?`,
  );
  await hold.getByRole('button', { name: 'Assign and hold' }).click();

  const identifier = `${project.key}-1`;
  await expect(page.getByText('Task Created')).toBeVisible();
  await expect(page.getByText(`Task ${identifier} added to project`)).toBeVisible();
  // The dialog now shows the new task with its uploaded file; the download returns its bytes.
  await expect(dialog.getByRole('heading', { name: 'Build the login page' })).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(dialog.getByText('brief.txt')).toBeVisible();
  // The download opens a new window; Chromium reports the download on the page that opened it.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download brief.txt' }).click();
  const download = await downloading;
  const bytes = await download.createReadStream().then(
    (s) =>
      new Promise<string>((resolve) => {
        let text = '';
        s.on('data', (c) => {
          text += c;
        });
        s.on('end', () => resolve(text));
      }),
  );
  expect(bytes).toBe('the uploaded bytes');
  expect(download.suggestedFilename()).toBe('brief.txt');
  expect(download.url()).toMatch(/\/download\?token=dl\./);
  expect(addresses.filter((u) => u.includes(owner.token))).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const taskId = (
    await (await request.get(`/api/v1/tasks/identifier/${identifier}`, { headers: auth(owner.token) })).json()
  ).id;
  await expect(card(column(page, 'ToDo'), identifier)).toBeVisible();
  await expectNoA11yViolations(page);

  // ToDo → In Progress saves at once.
  await drag(page, card(page, identifier), column(page, 'In Progress'));
  await expect(card(column(page, 'In Progress'), identifier)).toBeVisible();
  await expect.poll(() => stageOf(request, owner.token, taskId)).toBe('In Progress');

  // → Review asks first: Cancel returns the card, Continue saves.
  await drag(page, card(page, identifier), column(page, 'Review'));
  await expect(page.getByRole('dialog', { name: 'Confirm Review' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(column(page, 'In Progress'), identifier)).toBeVisible();
  expect(await stageOf(request, owner.token, taskId)).toBe('In Progress');
  await drag(page, card(page, identifier), column(page, 'Review'));
  await page.getByRole('dialog', { name: 'Confirm Review' }).getByRole('button', { name: 'Continue' }).click();
  await expect(card(column(page, 'Review'), identifier)).toBeVisible();
  await expect.poll(() => stageOf(request, owner.token, taskId)).toBe('Review');

  // The owner completes it and sees what will be paid.
  await drag(page, card(page, identifier), column(page, 'Complete'));
  const confirm = page.getByRole('dialog', { name: 'Confirm Complete' });
  await expect(confirm).toContainText(`Complete ${identifier} and pay 30 USDT to ${dev.firstName} ${dev.lastName}?`);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(card(column(page, 'Complete'), identifier)).toBeVisible();
  await expect.poll(() => stageOf(request, owner.token, taskId)).toBe('Complete');
});

test('a member sees Complete read-only and comments with Enter', async ({ page, request }) => {
  const { owner, dev, project } = await makeTeam(request);
  const mk = async (summary: string) =>
    (
      await request.post('/api/v1/tasks', {
        headers: auth(owner.token),
        data: { projectID: project.id, summary, assigneeID: dev.id },
      })
    ).json();
  const done = await mk('Already done');
  await mk('Still to do');
  await request.post(`/api/v1/tasks/${done.id}/stage`, { headers: auth(owner.token), data: { stage: 'Complete' } });

  await useToken(page, dev.token);
  await page.goto(`/project/${project.handle}`);
  const complete = column(page, 'Complete');
  await expect(card(complete, done.identifier)).toBeVisible();
  await expect(complete.getByLabel('Read-only')).toBeVisible();
  await expectNoA11yViolations(page);
  // A member's drag into or out of Complete is refused and saves nothing.
  await drag(page, card(page, `${project.key}-2`), complete);
  await expect(page.getByText('Only the project owner can complete tasks')).toBeVisible();
  await expect(card(column(page, 'ToDo'), `${project.key}-2`)).toBeVisible();

  // The task page: a comment posted with Enter appears at the top.
  await page.goto(`/task/${done.identifier}`);
  await expect(page.getByRole('link', { name: 'Back to Board Test' })).toBeVisible();
  await page.getByLabel('Add a comment').fill('Looks **great**');
  await page.getByLabel('Add a comment').press('Enter');
  const comments = page.getByRole('list', { name: 'Comments' });
  await expect(comments.getByRole('listitem').first()).toContainText('Looks great');
  await expect(comments.getByRole('listitem').first()).toContainText(`${dev.firstName} ${dev.lastName}`);
  await expect(page.getByLabel('Add a comment')).toHaveValue('');
  await expectNoA11yViolations(page);
});

test('the Tasks table pages 30 tasks 10 at a time', async ({ page, request }) => {
  const { owner, project } = await makeTeam(request);
  for (let i = 1; i <= 30; i++) {
    const r = await request.post('/api/v1/tasks', {
      headers: auth(owner.token),
      data: { projectID: project.id, summary: `Task number ${i}` },
    });
    expect(r.status()).toBe(200);
  }
  await useToken(page, owner.token);
  await page.goto(`/project/${project.handle}`);
  await page.getByRole('navigation', { name: 'Project menu' }).getByRole('button', { name: 'Tasks' }).click();
  const table = page.getByRole('table', { name: 'Tasks' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(page.getByText('1–10 of 30')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(rows.first()).toContainText(`${project.key}-30`);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('11–20 of 30')).toBeVisible();
  await expect(rows.first()).toContainText(`${project.key}-20`);
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(rows).toHaveCount(30);
  // A row opens the task dialog.
  await rows.first().click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Task number 30' })).toBeVisible();
});

test('the board works from the keyboard: Space picks a card up, arrows choose the column, Space drops', async ({
  page,
  request,
}) => {
  const { owner, dev, project } = await makeTeam(request);
  const r = await request.post('/api/v1/tasks', {
    headers: auth(owner.token),
    data: { projectID: project.id, summary: 'Keyboard only', assigneeID: dev.id },
  });
  expect(r.status(), await r.text()).toBe(200);
  const task = (await r.json()) as { id: string; identifier: string };
  await useToken(page, owner.token);
  await page.goto(`/project/${project.handle}`);
  const todo = card(column(page, 'ToDo'), task.identifier);
  await expect(todo).toBeVisible();
  await expectNoA11yViolations(page);

  // Enter opens the task; Escape closes it and focus can go on.
  await todo.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Keyboard only' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // ToDo → In Progress saves at once.
  await keyboardMove(page, task.identifier, 'ArrowRight', 'In Progress');
  await page.keyboard.press('Space');
  await expect(card(column(page, 'In Progress'), task.identifier)).toBeVisible();
  await expect.poll(() => stageOf(request, owner.token, task.id)).toBe('In Progress');

  // → Review asks first; the confirmation is answered from the keyboard too.
  await keyboardMove(page, task.identifier, 'ArrowRight', 'Review');
  await page.keyboard.press('Space');
  const confirm = page.getByRole('dialog', { name: 'Confirm Review' });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(confirm.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card(column(page, 'Review'), task.identifier)).toBeVisible();
  await expect.poll(() => stageOf(request, owner.token, task.id)).toBe('Review');

  // Escape cancels a move: the card stays where it was.
  await keyboardMove(page, task.identifier, 'ArrowLeft', 'In Progress');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Move cancelled.')).toBeAttached();
  await expect(card(column(page, 'Review'), task.identifier)).toBeVisible();
  expect(await stageOf(request, owner.token, task.id)).toBe('Review');
});
