import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply } from '../../../testing/fake-api';
import { makeProject, makeTask, makeTaskDetails } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';

const owner = makeMe({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', firstName: 'Olive', lastName: 'Owner' });
const dev = makeMe({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  type: 'Developer',
  firstName: 'Aisha',
  lastName: 'Khan',
});
const project = makeProject(owner, [dev]);
const inReview = makeTask(project, 3, { assignee: dev, stage: 'Review', price: '1250', summary: 'Ship the API' });

function renderTask(me = owner, stage: (typeof inReview)['stage'] = 'Review') {
  const card = { ...inReview, stage };
  let current = makeTaskDetails(card, owner);
  return renderApp(`/project/${project.handle}`, {
    user: me,
    api: {
      'GET /projects/:handle': () => project,
      'GET /project/:id/tasks': () => [{ ...card, stage: current.stage }],
      'GET /tasks/:id': () => current,
      'POST /tasks/:id/stage': () => {
        current = { ...current, stage: 'Complete' };
        return { ...card, stage: 'Complete' };
      },
      'GET /tasks/:id/review': () => ({
        canReview: false,
        reason: null,
        subject: null,
        mine: null,
        theirs: null,
        closesAt: null,
        allowedTags: [],
      }),
    },
  });
}

async function openDialog() {
  fireEvent.click(await screen.findByText('Ship the API'));
  return screen.findByRole('dialog', { name: 'Task' });
}

describe('Approve and pay (DESIGN §19)', () => {
  beforeAll(() => import('../../../app/routes/workspace'), 60_000);
  beforeEach(() => localStorage.clear());

  it('the owner approves a task in Review from its dialog, after the confirm that names payee and amount', async () => {
    const { api } = renderTask();
    const dialog = await openDialog();
    const approve = await within(dialog).findByRole('button', { name: 'Approve and pay 1,250 USDT' });
    // It sits beside the other Review steps.
    expect(within(dialog).getByRole('button', { name: 'Request changes' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Open dispute' })).toBeTruthy();
    fireEvent.click(approve);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Complete' });
    expect(within(confirm).getByText('Complete ACME-3 and pay 1,250 USDT to Aisha Khan?')).toBeTruthy();
    // Cancel sends nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Complete' })).toBeNull());
    expect(api.callsTo('POST /tasks/:id/stage')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and pay 1,250 USDT' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Complete' })).getByRole('button', { name: 'Continue' }),
    );
    await waitFor(() => expect(api.callsTo('POST /tasks/:id/stage')[0]?.body).toEqual({ stage: 'Complete' }));
    expect(await screen.findByText('1,250 USDT paid to Aisha Khan')).toBeTruthy();
  });

  it('shows the refusal when the server says no', async () => {
    const { api } = renderApp(`/project/${project.handle}`, {
      user: owner,
      api: {
        'GET /projects/:handle': () => project,
        'GET /project/:id/tasks': () => [inReview],
        'GET /tasks/:id': () => makeTaskDetails(inReview, owner),
        'POST /tasks/:id/stage': () => reply(409, { msg: 'Your balance is too low to pay this task' }),
      },
    });
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Approve and pay 1,250 USDT' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Complete' })).getByRole('button', { name: 'Continue' }),
    );
    expect(await screen.findByText('Your balance is too low to pay this task')).toBeTruthy();
    expect(api.callsTo('POST /tasks/:id/stage')).toHaveLength(1);
  });

  it('is not offered to the developer, nor before Review', async () => {
    renderTask(dev);
    const dialog = await openDialog();
    await within(dialog).findByText('Ship the API');
    expect(within(dialog).queryByRole('button', { name: /Approve and pay/ })).toBeNull();
  });
});
