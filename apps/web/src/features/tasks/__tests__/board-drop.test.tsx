import { TASK_MSG } from '@devmarket/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProject, makeTask } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';

const owner = makeMe({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', firstName: 'Olive' });
const dev = makeMe({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', type: 'Developer', firstName: 'Dev' });
const project = makeProject(owner, [dev]);
const unassigned = makeTask(project, 1, { summary: 'Write the spec' });
const todo = makeTask(project, 2, { assignee: dev, summary: 'Build the API' });
const inProgress = makeTask(project, 3, { assignee: dev, stage: 'In Progress', summary: 'Style the app' });
const COLUMNS = ['ToDo', 'In Progress', 'Review', 'Complete'];

/** The column of the card being dragged: the drag overlay (outside the columns) starts there. */
let draggingFrom = 'ToDo';

/**
 * jsdom lays nothing out: give each board column a box side by side (300 px apart) and each card
 * a box inside its column, so dnd-kit's keyboard sensor can move a card between columns.
 */
function layOutBoard() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const column = this.closest('[data-column]');
    const i = COLUMNS.indexOf(column?.getAttribute('data-column') ?? draggingFrom);
    return this === column
      ? DOMRect.fromRect({ x: i * 300, y: 0, width: 280, height: 600 })
      : DOMRect.fromRect({ x: i * 300 + 10, y: 60, width: 260, height: 80 });
  });
}

/** What dnd-kit's live region last announced. */
const announced = () => [...document.querySelectorAll('[aria-live]')].map((e) => e.textContent).join(' ');

/**
 * Picks a card up with Space, moves it one column right per ArrowRight until it is over `to`,
 * and drops it with Space; each step waits for dnd-kit to announce it (no sleeps).
 */
async function dragTo(summary: string, from: string, to: string) {
  const card = (await screen.findByText(summary)).closest('[aria-roledescription="draggable"]') as HTMLElement;
  draggingFrom = from;
  card.focus();
  fireEvent.keyDown(card, { code: 'Space', key: ' ' });
  await waitFor(() => expect(announced()).toContain(`Over ${from}.`));
  // dnd-kit's keyboard sensor starts listening for keys in a setTimeout(0) after the pick-up:
  // a timer queued now runs after it (timers run in order), so the next key is heard.
  await new Promise((r) => setTimeout(r, 0));
  for (const column of COLUMNS.slice(COLUMNS.indexOf(from) + 1, COLUMNS.indexOf(to) + 1)) {
    fireEvent.keyDown(card, { code: 'ArrowRight', key: 'ArrowRight' });
    await waitFor(() => expect(announced()).toContain(`Over ${column}.`));
  }
  fireEvent.keyDown(card, { code: 'Space', key: ' ' });
  await waitFor(() => expect(announced()).toContain(`Dropped in ${to}.`));
}

function renderBoard(me: typeof owner) {
  const moved = vi.fn();
  const view = renderApp(`/project/${project.handle}`, {
    user: me,
    api: {
      'GET /projects/:handle': () => project,
      'GET /project/:id/tasks': () => [unassigned, todo, inProgress],
      'POST /tasks/:id/stage': ({ params, body }) => {
        moved(params.id, body);
        const card = [unassigned, todo, inProgress].find((t) => t.id === params.id);
        return { ...card, stage: (body as { stage: string }).stage, position: '-a0' };
      },
    },
  });
  return { ...view, moved };
}

describe('the board: drop rules in the UI (spec §4)', () => {
  // The workspace page is a lazy chunk: transform it once up front, not inside the first test.
  beforeAll(() => import('../../../app/routes/workspace'), 60_000);
  let layout: ReturnType<typeof layOutBoard>;
  beforeEach(() => {
    localStorage.clear();
    layout = layOutBoard();
  });
  afterEach(() => layout.mockRestore());

  it('refuses to move a task without an assignee out of ToDo, with the contract text', async () => {
    const { moved } = renderBoard(dev);
    await dragTo('Write the spec', 'ToDo', 'In Progress');
    expect(await screen.findByText(TASK_MSG.needsAssignee)).toBeTruthy();
    expect(moved).not.toHaveBeenCalled();
  });

  it('lets only the owner complete a task', async () => {
    const { moved } = renderBoard(dev);
    await dragTo('Style the app', 'In Progress', 'Complete');
    expect(await screen.findByText(TASK_MSG.ownerCompletes)).toBeTruthy();
    expect(moved).not.toHaveBeenCalled();
  });

  it('saves a move into In Progress at once', async () => {
    const { moved } = renderBoard(dev);
    await dragTo('Build the API', 'ToDo', 'In Progress');
    await waitFor(() => expect(moved).toHaveBeenCalledWith(todo.id, { stage: 'In Progress' }));
  });

  it('asks before moving into Review, and saves on Continue', async () => {
    const { moved } = renderBoard(dev);
    await dragTo('Style the app', 'In Progress', 'Review');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(inProgress.identifier);
    expect(moved).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(moved).toHaveBeenCalledWith(inProgress.id, { stage: 'Review' }));
  });
});
