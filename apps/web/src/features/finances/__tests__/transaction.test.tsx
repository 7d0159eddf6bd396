import type { TransactionDetail } from '@devmarket/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { makeMe, renderApp } from '../../../testing/render-app';

const cancelledAt = '2026-11-25T16:15:00.000Z';
const withdrawal: TransactionDetail = {
  id: '11111111-1111-4111-8111-111111111111',
  type: 'Withdrawal',
  status: 'Cancelled',
  currency: 'USDT',
  amount: '30',
  address: `0x${'a'.repeat(40)}`,
  createdAt: '2026-11-25T16:00:00.000Z',
  completedAt: null,
  cancelledAt,
  failedAt: null,
  expiresAt: null,
  taskID: null,
  projectID: null,
  description: 'Withdrawal to 0xaaaa…aaaa',
  counterparty: null,
  confirmations: null,
  confirmationsRequired: null,
  txHash: null,
  failureReason: null,
  explorerUrl: null,
  task: null,
  project: null,
};

describe('a cancelled withdrawal (DESIGN §19)', () => {
  it('reads "Cancelled" with its time on its page, never "Completed"', async () => {
    renderApp(`/transaction/${withdrawal.id}`, {
      user: makeMe({ type: 'Developer' }),
      api: {
        'GET /transactions/:id': () => withdrawal,
        'GET /user/balance': () => ({ balance: '100', held: '0' }),
      },
    });
    const when = formatDateTime(cancelledAt);
    const label = (await screen.findAllByText('Cancelled')).find((el) => el.tagName === 'DT');
    expect(label?.nextElementSibling?.textContent).toBe(when);
    expect(screen.queryByText('Completed')).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Status timeline' })).getByText(when)).toBeTruthy();
  });

  it('shows "Cancelled" and its time in the transactions list', async () => {
    renderApp('/finances', {
      user: makeMe({ type: 'Developer' }),
      api: {
        'GET /transactions': () => [withdrawal],
        'GET /user/holds': () => [],
        'GET /user/balance/history': () => [],
        'GET /user/balance': () => ({ balance: '100', held: '0' }),
      },
    });
    expect(await screen.findByText(`Cancelled ${formatDateTime(cancelledAt)}`)).toBeTruthy();
    expect(screen.queryByText(/Completed/)).toBeNull();
  });
});
