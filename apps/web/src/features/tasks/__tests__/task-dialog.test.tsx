import { AMOUNT_MSG } from '@devmarket/contract';
import { MSG } from '@devmarket/contract/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRoutes, reply } from '../../../testing/fake-api';
import { makeProject, makeTask, makeTaskDetails } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';

const owner = makeMe({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', firstName: 'Olive', lastName: 'Owner' });
const dev = makeMe({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  type: 'Developer',
  firstName: 'Dev',
  lastName: 'Ada',
});
const project = makeProject(owner, [dev]);
const existing = makeTask(project, 1, { summary: 'Write the spec' });

function renderWorkspace(api: FakeRoutes = {}) {
  return renderApp(`/project/${project.handle}`, {
    user: owner,
    api: {
      'GET /projects/:handle': () => project,
      'GET /project/:id/tasks': () => [existing],
      ...api,
    },
  });
}

async function openCreateDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create Task' }));
  return screen.findByRole('dialog', { name: 'Create Task' });
}

describe('the task dialog (spec §2, §4)', () => {
  beforeAll(() => import('../../../app/routes/workspace'), 60_000);
  beforeEach(() => localStorage.clear());

  it('leaves the checks to the server and shows its 422 under the field', async () => {
    const { api } = renderWorkspace({
      'POST /tasks': () => reply(422, { msg: 'Invalid input', errors: { summary: MSG.required } }),
    });
    const dialog = await openCreateDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await within(dialog).findByText(MSG.required)).toBeTruthy();
    expect(api.callsTo('POST /tasks')).toHaveLength(1);
  });

  it('sends a price of 0 or below (never "no price") and shows the refusal under Price (DESIGN §19)', async () => {
    const { api } = renderWorkspace({
      'POST /tasks': (req) =>
        reply(422, {
          msg: 'Invalid input',
          errors: {
            price: (req.body as { price?: string }).price === 'abc' ? AMOUNT_MSG.notNumber : AMOUNT_MSG.notPositive,
          },
        }),
    });
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByLabelText(/Summary/), { target: { value: 'Priced' } });
    fireEvent.change(within(dialog).getByLabelText(/Price/), { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await within(dialog).findByText(AMOUNT_MSG.notPositive)).toBeTruthy();
    expect(api.callsTo('POST /tasks')[0]?.body).toMatchObject({ price: '-5' });
    fireEvent.change(within(dialog).getByLabelText(/Price/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(api.callsTo('POST /tasks')).toHaveLength(2));
    expect(api.callsTo('POST /tasks')[1]?.body).toMatchObject({ price: '0' });
    fireEvent.change(within(dialog).getByLabelText(/Price/), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await within(dialog).findByText(AMOUNT_MSG.notNumber)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Price/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(api.callsTo('POST /tasks')).toHaveLength(4));
    expect(api.callsTo('POST /tasks')[3]?.body).not.toHaveProperty('price');
  });

  it('creates a task with its assignee and price, then shows it', async () => {
    const created = makeTask(project, 2, { summary: 'Ship it', assignee: dev, price: '25' });
    const { api } = renderWorkspace({
      'POST /tasks': () => ({ id: created.id, identifier: created.identifier }),
      'GET /tasks/:id': () => makeTaskDetails(created, owner),
    });
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByLabelText(/Summary/), { target: { value: 'Ship it' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Assignee/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Dev Ada/ }));
    fireEvent.change(within(dialog).getByLabelText(/Price/), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    // Assigning a priced task holds the owner's money: they are asked first (DESIGN §13).
    const hold = await screen.findByRole('dialog', { name: 'Hold funds in escrow?' });
    expect(within(hold).getByText(/Dev Ada and hold 25 USDT from your balance\?/)).toBeTruthy();
    fireEvent.click(within(hold).getByRole('button', { name: 'Assign and hold' }));
    await waitFor(() =>
      expect(api.callsTo('POST /tasks')[0]?.body).toMatchObject({
        projectID: project.id,
        summary: 'Ship it',
        assigneeID: dev.id,
        price: '25',
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Task' })).toBeTruthy();
    expect(await screen.findByText(created.identifier, { exact: false })).toBeTruthy();
  });

  it('opens an existing task from its card', async () => {
    renderWorkspace({ 'GET /tasks/:id': () => makeTaskDetails(existing, owner, { description: 'All of it' }) });
    fireEvent.click(await screen.findByText('Write the spec'));
    const dialog = await screen.findByRole('dialog', { name: 'Task' });
    expect(await within(dialog).findByText('All of it')).toBeTruthy();
  });
});
