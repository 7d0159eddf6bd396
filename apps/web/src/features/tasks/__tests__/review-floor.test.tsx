import { REVIEW_MSG } from '@devmarket/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, makeTask, makeTaskDetails } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';

const owner = makeMe({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', firstName: 'Olive', lastName: 'Owner' });
const puppet = makeMe({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', firstName: 'Sock', lastName: 'Puppet' });
const project = makeProject(owner, [puppet]);
const paid = makeTask(project, 4, { assignee: puppet, stage: 'Complete', price: '0.000001', summary: 'Tiny job' });

/**
 * DESIGN §19 (issue 28.17): a paid task that earns no reputation (below MIN_REPUTATION_PRICE, or
 * paid to a Client account) offers no review form; the task page says why, even when opened from
 * the payment notification's review link.
 */
describe('a review the API would refuse', () => {
  beforeAll(() => import('../routes/task-page'), 60_000);
  beforeEach(() => localStorage.clear());

  it('shows why instead of the Leave a review button or dialog', async () => {
    const { api } = renderApp(`/task/${paid.identifier}?review=1`, {
      user: owner,
      api: {
        'GET /tasks/identifier/:identifier': () => makeTaskDetails(paid, owner),
        'GET /tasks/:id': () => makeTaskDetails(paid, owner),
        'GET /projects/:handle': () => project,
        'GET /projects/id/:id': () => project,
        'GET /tasks/:id/review': () => ({
          canReview: false,
          reason: REVIEW_MSG.notEarned,
          subject: { id: puppet.id, firstName: 'Sock', lastName: 'Puppet' },
          mine: null,
          theirs: null,
          closesAt: '2026-12-01T10:00:00.000Z',
          allowedTags: ['React'],
        }),
      },
    });
    expect(await screen.findByText('Reviews are for paid work by an approved developer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave a review' })).toBeNull();
    await waitFor(() => expect(api.callsTo('GET /tasks/:id/review').length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog', { name: /Review Sock Puppet/ })).toBeNull();
    const main = screen.getByRole('main');
    expect(within(main).queryByRole('button', { name: 'Submit review' })).toBeNull();
  });
});
