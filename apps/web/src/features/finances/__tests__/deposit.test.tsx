import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe, renderApp } from '../../../testing/render-app';

const ID = '44444444-4444-4444-8444-444444444444';
const pendingDeposit = (address: string) => ({
  id: ID,
  type: 'Deposit',
  status: 'Pending',
  currency: 'USDT',
  amount: '0',
  address,
  createdAt: new Date().toISOString(),
  completedAt: null,
  expiresAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
  taskID: null,
  projectID: null,
  description: 'USDT deposit',
  counterparty: null,
  confirmations: null,
  confirmationsRequired: null,
  txHash: null,
  failureReason: null,
  explorerUrl: null,
  task: null,
  project: null,
});

describe('/finances/deposit names the network (DESIGN §19)', () => {
  it('offers USDT on each network as its own choice, says test mode, and sends the network chosen', async () => {
    const { api } = renderApp('/finances/deposit', {
      user: makeMe(),
      api: {
        'POST /user/deposit': () => ({ transactionID: ID }),
        'GET /transactions/:id': () => pendingDeposit('TXYZabc123456789abcdefghijkLMNOPQ'),
      },
    });
    const group = await screen.findByRole('radiogroup', { name: 'Currency and network' });
    expect(await within(group).findByRole('radio', { name: /USDT on Ethereum \(ERC-20\)/ })).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: /USDT on Tron \(TRC-20\)/ }));
    expect(screen.getByText(/Send only USDT on Tron \(TRC-20\) to the address you get/)).toBeTruthy();
    expect(screen.getByText('Test mode: deposits of USDT are confirmed by staff')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(api.callsTo('POST /user/deposit')[0]?.body).toEqual({ currency: 'USDT', network: 'TRC-20' }),
    );
    // The address is labelled with its network, with the warning against other networks.
    expect(await screen.findByText('USDT on Tron (TRC-20) address')).toBeTruthy();
    expect(screen.getByText(/Send only USDT on Tron \(TRC-20\) to this address/)).toBeTruthy();
    expect(screen.getByText('Test mode: deposits of USDT are confirmed by staff')).toBeTruthy();
    expect(screen.queryByText(/provider’s rate/)).toBeNull();
  });

  it('/finances shows the test-mode notice for each currency the simulated provider serves', async () => {
    renderApp('/finances', {
      user: makeMe(),
      api: {
        'GET /user/balance': () => ({ balance: '0', held: '0' }),
        'GET /user/balance/history': () => [],
        'GET /transactions': () => [],
        'GET /user/holds': () => [],
      },
    });
    const note = await screen.findByRole('note', { name: 'Test mode' });
    for (const c of ['BTC', 'ETH', 'USDT']) {
      expect(within(note).getByText(`Test mode: deposits of ${c} are confirmed by staff`)).toBeTruthy();
    }
  });
});
