import { AUTH_MSG, MSG } from '@devmarket/contract/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../testing/fake-api';
import { makeMe, renderApp, signedInShell } from '../../../testing/render-app';

async function fillLogin(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('/login', () => {
  it('checks the fields before calling the server', async () => {
    const { api } = renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
    await fillLogin('not-an-email', 'x');
    expect(await screen.findByText(MSG.email)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows 'Incorrect email or password' under the password on 401", async () => {
    renderApp('/login', { api: { 'POST /auth/login': () => reply(401, { msg: 'Unauthorized' }) } });
    await fillLogin('clara@example.com', 'wrong-password');
    expect(await screen.findByText(AUTH_MSG.incorrectLogin)).toBeTruthy();
  });

  it('reports a rate limit as the server words it, not as a wrong password', async () => {
    renderApp('/login', {
      api: { 'POST /auth/login': () => reply(429, { msg: 'Too many attempts, try again in a minute' }) },
    });
    await fillLogin('clara@example.com', 'a-long-password');
    expect(await screen.findByText('Too many attempts, try again in a minute')).toBeTruthy();
    expect(screen.queryByText(AUTH_MSG.incorrectLogin)).toBeNull();
  });

  it('signs in and goes to the redirect path', async () => {
    const me = makeMe();
    const { api, location } = renderApp(`/login?redirect=${btoa('/terms')}`, {
      api: { 'POST /auth/login': () => ({ accessToken: 'fresh-token' }), ...signedInShell(me) },
    });
    await fillLogin(' Clara@Example.com ', 'a-long-password');
    await waitFor(() => expect(location()?.pathname).toBe('/terms'));
    expect(await screen.findByRole('button', { name: 'Open user menu' })).toBeTruthy();
    expect(api.callsTo('POST /auth/login')[0].body).toEqual({
      email: 'clara@example.com',
      password: 'a-long-password',
    });
  });

  it('asks for the authentication code of a two-step user, then signs in as a login does', async () => {
    const me = makeMe({ twoFactorEnabled: true });
    let tries = 0;
    const { api, location } = renderApp(`/login?redirect=${btoa('/terms')}`, {
      api: {
        'POST /auth/login': () => ({ twoFactorRequired: true, ticket: 'the-ticket' }),
        'POST /auth/login/2fa': () =>
          ++tries === 1
            ? reply(422, { msg: 'Invalid input', errors: { code: 'This code is not valid.' } })
            : { accessToken: 'fresh-token' },
        ...signedInShell(me),
      },
    });
    await fillLogin('clara@example.com', 'a-long-password');
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    expect(screen.queryByText('Welcome back')).toBeNull();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not valid.')).toBeTruthy();
    // The switch to a recovery code relabels the field.
    fireEvent.click(screen.getByLabelText('Use a recovery code'));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()?.pathname).toBe('/terms'));
    expect(api.callsTo('POST /auth/login/2fa').map((c) => c.body)).toEqual([
      { ticket: 'the-ticket', code: '123456' },
      { ticket: 'the-ticket', code: 'abcde-fghjk' },
    ]);
  });

  it('a dead ticket (401) goes back to the first screen with the reason', async () => {
    renderApp('/login', {
      api: {
        'POST /auth/login': () => ({ twoFactorRequired: true, ticket: 'the-ticket' }),
        'POST /auth/login/2fa': () => reply(401, { msg: 'This sign-in has expired. Sign in again.' }),
      },
    });
    await fillLogin('clara@example.com', 'a-long-password');
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in has expired. Sign in again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
  });
});
