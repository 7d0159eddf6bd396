import { AMOUNT_MSG, MIN_WITHDRAWAL, MONEY_MSG } from '@devmarket/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../testing/fake-api';
import { makeMe, renderApp } from '../../../testing/render-app';

const ETH_ADDRESS = `0x${'a'.repeat(40)}`;
const balance = (amount: string) => ({ 'GET /user/balance': () => ({ balance: amount, held: '0' }) });

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Currency/ }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'ETH' }));
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const withdrawButton = () => screen.getByRole('button', { name: 'Withdraw' });

describe('/finances/withdraw', () => {
  it('states the minimum from the contract', async () => {
    renderApp('/finances/withdraw', { user: makeMe({ type: 'Developer' }), api: balance('50') });
    expect(await screen.findByText(new RegExp(`Withdrawals start at \\$${MIN_WITHDRAWAL}\\.00 USDT`))).toBeTruthy();
  });

  it('refuses an amount under the minimum or over the balance, and a wrong address, before sending', async () => {
    const { api } = renderApp('/finances/withdraw', { user: makeMe({ type: 'Developer' }), api: balance('50') });
    await openForm();
    type(/Address/, 'not-an-address');
    type(/Amount/, '10');
    type(/Password/, 'a-long-password');
    expect(await screen.findByText(MONEY_MSG.minWithdrawal)).toBeTruthy();
    expect(await screen.findByText(MONEY_MSG.address('ETH'))).toBeTruthy();
    type(/Amount/, '60');
    expect(await screen.findByText(MONEY_MSG.insufficient('50'))).toBeTruthy();
    expect(withdrawButton()).toHaveProperty('disabled', true);
    expect(api.callsTo('POST /user/withdraw')).toEqual([]);
  });

  it('refuses each bad amount with its own message from the contract (DESIGN §19)', async () => {
    const { api } = renderApp('/finances/withdraw', { user: makeMe({ type: 'Developer' }), api: balance('50') });
    await openForm();
    type(/Address/, ETH_ADDRESS);
    type(/Password/, 'a-long-password');
    const cases: [string, string][] = [
      ['abc', AMOUNT_MSG.notNumber],
      ['-10', AMOUNT_MSG.notPositive],
      ['0', AMOUNT_MSG.notPositive],
      ['20.0000001', AMOUNT_MSG.decimals],
      ['1000000000000', AMOUNT_MSG.tooLarge],
    ];
    for (const [value, message] of cases) {
      type(/Amount/, value);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(screen.queryByText(MONEY_MSG.minWithdrawal)).toBeNull();
    }
    expect(withdrawButton()).toHaveProperty('disabled', true);
    expect(api.callsTo('POST /user/withdraw')).toEqual([]);
  });

  it("sends a valid withdrawal and shows the server's wrong-password answer under the password", async () => {
    const { api } = renderApp('/finances/withdraw', {
      user: makeMe({ type: 'Developer' }),
      api: {
        ...balance('50'),
        'POST /user/withdraw': () => reply(422, { errors: { password: MONEY_MSG.incorrectPassword } }),
      },
    });
    await openForm();
    type(/Address/, ETH_ADDRESS);
    type(/Amount/, '20');
    type(/Password/, 'wrong-password');
    await waitFor(() => expect(withdrawButton()).toHaveProperty('disabled', false));
    fireEvent.click(withdrawButton());
    expect(await screen.findByText(MONEY_MSG.incorrectPassword)).toBeTruthy();
    expect(api.callsTo('POST /user/withdraw')[0].body).toEqual({
      currency: 'ETH',
      address: ETH_ADDRESS,
      amount: '20',
      password: 'wrong-password',
    });
  });

  it('keeps Continue disabled while a transaction is pending', async () => {
    renderApp('/finances/withdraw', {
      user: makeMe({ type: 'Developer', pendingTransactionID: 'tx-1' }),
      api: balance('50'),
    });
    expect(await screen.findByText(/You have a pending transaction/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
  });
});
