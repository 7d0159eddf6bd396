import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMe, renderApp } from '../../../testing/render-app';

const client = makeMe({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', firstName: 'Olive' });
const project = { id: 'p1', name: 'Storefront', handle: 'storefront' };

describe("the dashboard's Review list (DESIGN §19)", () => {
  beforeAll(() => import('./work-sections'), 60_000);

  it('approves and pays a task in Review after the confirm that names payee and amount', async () => {
    let review = [
      {
        id: 't1',
        identifier: 'SR-3',
        summary: 'Checkout page',
        price: '100',
        project,
        assignee: 'Aisha Khan',
        reviewDeadline: null,
      },
    ];
    const { api } = renderApp('/', {
      user: client,
      api: {
        'GET /dashboard': () => ({
          kind: 'Client',
          applicants: [],
          review,
          disputes: [],
          escrowHeld: '0',
          balance: '500',
        }),
        'POST /tasks/:id/stage': () => {
          review = [];
          return {};
        },
      },
    });
    const list = await screen.findByRole('region', { name: 'Waiting for your review' });
    fireEvent.click(within(list).getByRole('button', { name: 'Approve and pay 100 USDT for SR-3' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Complete' });
    expect(within(confirm).getByText('Complete SR-3 and pay 100 USDT to Aisha Khan?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('POST /tasks/:id/stage')[0]?.body).toEqual({ stage: 'Complete' }));
    expect(api.callsTo('POST /tasks/:id/stage')[0]?.path).toBe('/tasks/t1/stage');
    expect(await screen.findByText('No tasks in Review.')).toBeTruthy();
  });
});
