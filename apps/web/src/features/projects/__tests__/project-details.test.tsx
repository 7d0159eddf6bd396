import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProject } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';

const owner = makeMe({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', firstName: 'Olive', lastName: 'Owner' });
const dev = makeMe({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', type: 'Developer', firstName: 'Dana' });
const { users: _users, ...project } = makeProject(owner, [], {
  visibility: 'Public',
  verified: '2026-01-02T00:00:00.000Z',
});
const person = {
  id: owner.id,
  firstName: 'Olive',
  lastName: 'Owner',
  title: null,
  image: null,
  imageURL: null,
  username: null,
};

const details = {
  ...project,
  location: 'Lisbon, Portugal',
  completedTasks: 3,
  totalSpent: '362',
  budget: '1250.5',
  openTasks: 4,
  tagList: ['React'],
  owner: person,
  client: { rating: { average: 4.5, count: 2 }, totalSpent: '1752', hires: 5, location: 'Lisbon, Portugal' },
  viewer: { isMember: false, isOwner: false, hasApplied: false, hasInvite: false },
};

describe('project details (issue 28 point 8)', () => {
  it('shows one total spent (the client’s, "1,752.00 USDT"), the open budget and the open task count', async () => {
    renderApp(`/project/${project.handle}/details`, {
      user: dev,
      api: {
        'GET /projects/:id/details': () => details,
        'GET /invites/projects/:id/has-invite': () => ({ hasInvite: false }),
      },
    });
    const aside = await screen.findByRole('complementary', { name: 'About this project' });
    expect(await within(aside).findByText('1,250.50 USDT')).toBeTruthy();
    expect(within(aside).getByText(/budget/).textContent).toBe('1,250.50 USDT budget');
    expect(within(aside).getByText('4 open tasks')).toBeTruthy();
    const spent = within(aside).getAllByText(/total spent/);
    expect(spent).toHaveLength(1);
    expect(spent[0].textContent).toBe('1,752.00 USDT total spent');
    expect(within(aside).queryByText(/\$/)).toBeNull();
  });
});
