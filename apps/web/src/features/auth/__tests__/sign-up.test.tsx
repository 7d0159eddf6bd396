import { MSG } from '@devmarket/contract/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../testing/fake-api';
import { makeMe, renderApp, signedInShell } from '../../../testing/render-app';

async function fill(values: { name: string; email: string; password: string }) {
  fireEvent.change(await screen.findByLabelText('Name'), { target: { value: values.name } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: values.password } });
}

const submit = () => screen.getByRole('button', { name: 'Sign Up' });

describe('/sign-up', () => {
  it('keeps Sign Up disabled until the terms are accepted', async () => {
    renderApp('/sign-up');
    await fill({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password' });
    expect(submit()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('checks the fields before calling the server', async () => {
    const { api } = renderApp('/sign-up');
    await fill({ name: ' ', email: 'nope', password: 'short' });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(submit());
    expect(await screen.findByText(MSG.required)).toBeTruthy();
    expect(screen.getByText(MSG.email)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's 422 messages under their fields", async () => {
    renderApp('/sign-up', {
      api: {
        'POST /auth/sign-up': () =>
          reply(422, { msg: 'Invalid input', errors: { email: 'This email is already registered' } }),
      },
    });
    await fill({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password' });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(submit());
    expect(await screen.findByText('This email is already registered')).toBeTruthy();
  });

  it('signs up a client with the name split in two and goes on to verification', async () => {
    const me = makeMe({ emailVerified: false, verified: false });
    const { api, location } = renderApp('/sign-up', {
      api: {
        'POST /auth/sign-up': () => ({ accessToken: 'new-token' }),
        ...signedInShell(me),
      },
    });
    await fill({ name: 'Ada King Lovelace', email: 'ada@example.com', password: 'a-long-password' });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(submit());
    await waitFor(() => expect(location()?.pathname).toBe('/sign-up/developer'));
    expect(api.callsTo('POST /auth/sign-up')[0].body).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
      email: 'ada@example.com',
      type: 'Client',
      tos: true,
    });
    expect(await screen.findByRole('heading', { name: 'Verify Email Address' })).toBeTruthy();
  });
});
