import { AUTH_MSG } from '@devmarket/contract/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../testing/fake-api';
import { makeMe, renderApp, signedInShell } from '../../testing/render-app';

/** The guest tabs of the New Project dialog are the auth feature's forms (issue 14 item 5). */
describe('the New Project dialog for a guest', () => {
  it('logs in with the login form: a 429 is reported as such, not as a wrong password', async () => {
    renderApp('/project/new', {
      api: { 'POST /auth/login': () => reply(429, { msg: 'Too many requests, please try again later' }) },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Login' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'clara@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Too many requests, please try again later')).toBeTruthy();
    expect(screen.queryByText(AUTH_MSG.incorrectLogin)).toBeNull();
  });

  it('reports a 500 on sign-up as a server error', async () => {
    renderApp('/project/new', { api: { 'POST /auth/sign-up': () => reply(500, { msg: 'boom' }) } });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Clara Client' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'clara@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Server error, please try again later')).toBeTruthy();
    expect(screen.queryByText(AUTH_MSG.incorrectLogin)).toBeNull();
  });

  it('signs a client up, confirms the code, then shows the project form', async () => {
    let me = makeMe({ emailVerified: false, verified: false });
    // A guest until the sign-up answer (which sets the server's session cookie).
    let signedUp = false;
    const { api } = renderApp('/project/new', {
      api: {
        'POST /auth/sign-up': () => {
          signedUp = true;
          return { accessToken: 'new-token' };
        },
        ...signedInShell(me),
        'GET /user': () => (signedUp ? me : reply(401, { msg: 'Please log in to continue' })),
        'GET /auth/verify-email/:token': ({ params }) => {
          if (params.token !== '123456') return reply(422, { errors: { code: AUTH_MSG.codeIncorrect } });
          me = makeMe();
          return { verified: true };
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Clara Client' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'clara@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(api.callsTo('POST /auth/sign-up')[0]?.body).toMatchObject({ type: 'Client' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    expect(await screen.findByLabelText('Project Name')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New Project' })).toBeTruthy();
  });
});
