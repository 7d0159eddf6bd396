import type { AdminTransaction } from '@devmarket/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe, renderApp } from '../../../testing/render-app';

const deposit = {
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  type: 'Deposit',
  status: 'Pending',
  currency: 'USDT',
  amount: '0',
  address: 'TXYZ1234567890abcdefghijklmnopqrs',
  createdAt: '2026-11-25T10:00:00.000Z',
  user: {
    id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    firstName: 'Aisha',
    lastName: 'Khan',
    email: 'aisha@example.com',
  },
} as unknown as AdminTransaction;

/** Issue 28.4: staff crediting a deposit confirm first, in a dialog naming the user and the amount. */
describe('/admin: crediting a deposit', () => {
  it('asks "Credit 1,250.50 USDT to Aisha Khan?" and sends nothing until confirmed', async () => {
    const { api } = renderApp('/admin', {
      user: makeMe({ isStaff: true }),
      api: {
        'GET /admin/developers': () => ({ developers: [], pages: 1 }),
        'GET /admin/transactions': () => [deposit],
        'GET /admin/hot-wallet': () => ({ enabled: false }),
        'POST /admin/transactions/:id/complete': () => ({ ...deposit, status: 'Complete', amount: '1250.5' }),
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Transactions' }));
    const field = await screen.findByLabelText('Amount received for aisha@example.com');
    fireEvent.change(field, { target: { value: '1250.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit 1,250.50 USDT to Aisha Khan?' });
    expect(within(dialog).getByText(/aisha@example\.com/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /admin/transactions/:id/complete')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const again = await screen.findByRole('dialog', { name: 'Credit 1,250.50 USDT to Aisha Khan?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Credit 1,250.50 USDT' }));
    await waitFor(() =>
      expect(api.callsTo('POST /admin/transactions/:id/complete')[0]?.body).toEqual({ amount: '1250.5' }),
    );
  });
});
