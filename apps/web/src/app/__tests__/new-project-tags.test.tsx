import { TAG_MSG } from '@devmarket/contract/constants';
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../testing/fake-api';
import { makeMe, renderApp } from '../../testing/render-app';

const created = {
  id: '22222222-2222-4222-8222-222222222222',
  handle: 'solidity-audit',
  key: 'SOLI',
  name: 'Solidity audit',
  company: 'Acme',
  description: 'Audit our contracts.',
  shortDescription: 'Audit our contracts.',
  image: null,
  tags: 'Solidity,React',
  ownerID: '11111111-1111-4111-8111-111111111111',
  visibility: 'Public',
  verified: null,
  featured: null,
  cachedTotalSpent: '0',
  cachedTotalReviews: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
};

async function fillForm() {
  fireEvent.change(await screen.findByLabelText('Project Name'), { target: { value: 'Solidity audit' } });
  fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Audit our contracts.' } });
  // The form has taken it in (validation runs asynchronously).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Create Project' })).toHaveProperty('disabled', false));
}

/** Issue 28 point 11 and DESIGN §19: the New Project tags field takes people's own tags. */
describe('the New Project tags field', () => {
  it('Enter adds a typed tag (its own or a suggestion) and never submits the form; one submit creates one project', async () => {
    let release: (() => void) | undefined;
    const { api } = renderApp('/project/new', {
      user: makeMe(),
      api: {
        // The answer waits, so a second submit would arrive while the first is on its way.
        'POST /projects': () =>
          new Promise((resolve) => {
            release = () => resolve(created);
          }),
        'GET /projects/id/:id': () => ({ ...created, users: [] }),
        'GET /projects/:handle': () => ({ ...created, users: [] }),
        // The new project's workspace asks for its tasks as soon as the app moves there (route-data.ts).
        'GET /project/:id/tasks': () => [],
      },
    });
    await fillForm();
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    fireEvent.change(tags, { target: { value: 'Solidity' } });
    fireEvent.keyDown(tags, { key: 'Enter', code: 'Enter' });
    fireEvent.change(tags, { target: { value: 'react' } });
    fireEvent.keyDown(tags, { key: 'Enter', code: 'Enter' });
    // An empty Enter in the field does nothing either: its default (the browser's implicit
    // submit of the form) is prevented.
    const enter = createEvent.keyDown(tags, { key: 'Enter', code: 'Enter' });
    fireEvent(tags, enter);
    expect(enter.defaultPrevented).toBe(true);

    expect(await screen.findByRole('button', { name: 'Solidity' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'React' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST /projects')).toHaveLength(0);

    const create = screen.getByRole('button', { name: 'Create Project' });
    fireEvent.click(create);
    fireEvent.submit(create.closest('form') as HTMLFormElement);
    await waitFor(() => expect(api.callsTo('POST /projects')).toHaveLength(1));
    expect(api.callsTo('POST /projects')[0].body).toMatchObject({ tags: ['Solidity', 'React'] });
    release?.();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST /projects')).toHaveLength(1);
  });

  it('refuses a bad tag with its message and keeps it in the field', async () => {
    renderApp('/project/new', { user: makeMe(), api: { 'POST /projects': () => reply(500, {}) } });
    await fillForm();
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    fireEvent.change(tags, { target: { value: 'Py$thon' } });
    fireEvent.keyDown(tags, { key: 'Enter', code: 'Enter' });
    expect(await screen.findByText(TAG_MSG.characters('Py$thon'))).toBeTruthy();
    expect((tags as HTMLInputElement).value).toBe('Py$thon');
    expect(screen.queryByRole('button', { name: 'Py$thon' })).toBeNull();
  });

  it('Escape with typed content asks before discarding', async () => {
    const { location } = renderApp('/project/new', {
      user: makeMe(),
      api: { 'GET /dashboard': () => reply(500, {}) },
    });
    await fillForm();
    fireEvent.keyDown(screen.getByLabelText('Company'), { key: 'Escape', code: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: 'Discard this project?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard this project?' })).toBeNull());
    expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Acme');
    expect(location()?.pathname).toBe('/project/new');
  });
});
