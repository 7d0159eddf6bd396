import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { expect, test, useToken } from './support/fixtures';
import { createApprovedDeveloper, createVerifiedClient } from './support/users';
import { drag, keyboardSensorReady } from './support/page';

/**
 * A long board column is virtualised (issue 33.2): only the cards in its scroll box are mounted.
 * Dragging with the mouse and moving with the keyboard work on cards far down such a column.
 */

test.describe.configure({ timeout: 180_000 });

const CARDS = 60;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function post(request: APIRequestContext, token: string, url: string, data?: unknown) {
  const r = await request.post(`/api/v1${url}`, { headers: auth(token), ...(data === undefined ? {} : { data }) });
  expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
  return r.json();
}

/** A client's project with a developer on the team and CARDS tasks assigned to the developer (all in ToDo). */
async function longBoard(request: APIRequestContext) {
  const [owner, dev] = await Promise.all([createVerifiedClient(request), createApprovedDeveloper(request)]);
  const project = (await post(request, owner.token, '/projects', {
    name: 'Long Board',
    description: 'A column long enough to scroll',
    company: 'Acme',
  })) as { id: string; handle: string; key: string };
  await post(request, owner.token, `/invites/projects/${project.id}`, { userID: dev.id });
  await post(request, dev.token, `/invites/projects/${project.id}/accept`);
  const summaries = ['Add login', 'Fix the checkout bug that loses the basket when a session ends', 'Write API tests'];
  // One at a time: identifiers follow the order of creation (KEY-1 is the oldest, at the bottom).
  for (let i = 1; i <= CARDS; i++) {
    await post(request, owner.token, '/tasks', {
      projectID: project.id,
      summary: `${summaries[i % summaries.length]} ${i}`,
      assigneeID: dev.id,
    });
  }
  const tasks = (await (
    await request.get(`/api/v1/project/${project.id}/tasks`, { headers: auth(owner.token) })
  ).json()) as { id: string; identifier: string }[];
  const idOf = (n: number) => tasks.find((t) => t.identifier === `${project.key}-${n}`)?.id ?? '';
  return { owner, project, idOf };
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const list = (page: Page, name: string) => page.getByRole('list', { name: `${name} tasks` });
const card = (scope: Page | Locator, identifier: string) =>
  scope.getByRole('button', { name: new RegExp(`^${identifier} `) });

async function stageOf(request: APIRequestContext, token: string, taskId: string) {
  return (await (await request.get(`/api/v1/tasks/${taskId}`, { headers: auth(token) })).json()).stage;
}

/** Scrolls a column's list to its end, as a wheel would. */
async function scrollToEnd(page: Page, name: string) {
  await list(page, name).evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
}

test('a long column mounts only the cards in view; cards far down it drag into an empty column and onto a column at a position', async ({
  page,
  request,
}) => {
  const { owner, project, idOf } = await longBoard(request);
  await useToken(page, owner.token);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`/project/${project.handle}`);

  const todo = column(page, 'ToDo');
  await expect(todo.getByLabel(`${CARDS} tasks`)).toBeVisible();
  await expect(card(todo, `${project.key}-${CARDS}`)).toBeVisible();
  // A screenful is mounted, not the whole column; the oldest card (at the bottom) is not yet.
  const mounted = await todo.getByTestId('task-card').count();
  expect(mounted).toBeGreaterThan(3);
  expect(mounted).toBeLessThan(20);
  await expect(card(todo, `${project.key}-1`)).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Scrolling the list mounts the cards that come into view.
  await scrollToEnd(page, 'ToDo');
  await expect(card(todo, `${project.key}-1`)).toBeVisible();
  expect(await todo.getByTestId('task-card').count()).toBeLessThan(20);

  // The bottom card drops into the empty In Progress column: saved at once.
  await drag(page, card(todo, `${project.key}-1`), column(page, 'In Progress'));
  await expect(card(column(page, 'In Progress'), `${project.key}-1`)).toBeVisible();
  await expect.poll(() => stageOf(request, owner.token, idOf(1))).toBe('In Progress');
  await expect(todo.getByLabel(`${CARDS - 1} tasks`)).toBeVisible();

  // The next one down drops low on that column, below its card: it joins the column (at the top).
  await scrollToEnd(page, 'ToDo');
  await drag(page, card(todo, `${project.key}-2`), column(page, 'In Progress'), 240);
  await expect(card(column(page, 'In Progress'), `${project.key}-2`)).toBeVisible();
  await expect.poll(() => stageOf(request, owner.token, idOf(2))).toBe('In Progress');
  await expect(column(page, 'In Progress').getByLabel('2 tasks')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('on a phone, a card far down a long column moves by keyboard to a column off screen, with its announcements', async ({
  page,
  request,
}) => {
  const { owner, project, idOf } = await longBoard(request);
  await useToken(page, owner.token);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/project/${project.handle}`);

  const todo = column(page, 'ToDo');
  await expect(card(todo, `${project.key}-${CARDS}`)).toBeVisible();
  await scrollToEnd(page, 'ToDo');
  const far = card(todo, `${project.key}-3`);
  await expect(far).toBeVisible();
  // Review starts off screen, two columns to the right.
  await expect(column(page, 'Review')).not.toBeInViewport();

  await far.focus();
  await page.keyboard.press('Space');
  await expect(far).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Over ToDo.', { exact: true })).toBeAttached();
  await keyboardSensorReady(page);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Over In Progress.', { exact: true })).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Over Review.', { exact: true })).toBeAttached();
  // The board scrolled the target column into view while the card moved.
  await expect(column(page, 'Review')).toBeInViewport({ ratio: 0.5 });
  await page.keyboard.press('Space');
  await expect(page.getByText('Dropped in Review.', { exact: true })).toBeAttached();

  // Into Review asks first (unchanged), answered from the keyboard.
  const confirm = page.getByRole('dialog', { name: 'Confirm Review' });
  await expect(confirm.getByRole('button', { name: 'Continue' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Enter');
  await expect(card(column(page, 'Review'), `${project.key}-3`)).toBeVisible();
  await expect.poll(() => stageOf(request, owner.token, idOf(3))).toBe('Review');
  await expect(todo.getByLabel(`${CARDS - 1} tasks`)).toBeAttached();
});
