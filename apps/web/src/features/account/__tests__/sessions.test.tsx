import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../testing/fake-api';
import { accountPageApi } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';
import { browserName } from '../components/sessions-list';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const session = (id: string, userAgent: string | null, current = false) => ({
  id,
  createdAt: '2026-11-23T18:00:00.000Z',
  lastSeenAt: '2026-11-25T09:30:00.000Z',
  userAgent,
  ip: '203.0.113.9',
  current,
});

describe('/account Sessions', () => {
  it('lists sessions (this browser marked), signs one out and then all others', async () => {
    let sessions = [session('a', CHROME, true), session('b', FIREFOX), session('c', null)];
    const { api } = renderApp('/account', {
      user: makeMe(),
      api: {
        ...accountPageApi,
        'GET /user/sessions': () => sessions,
        'DELETE /user/sessions/:id': ({ params }) => {
          sessions = sessions.filter((s) => s.id !== params.id);
          return { ok: true };
        },
        'POST /user/sessions/revoke-others': () => {
          const revoked = sessions.filter((s) => !s.current).length;
          sessions = sessions.filter((s) => s.current);
          return { revoked };
        },
      },
    });
    const region = await screen.findByRole('region', { name: 'Sessions' });
    const mine = await within(region).findByRole('listitem', { name: 'Chrome on Windows (this browser)' });
    expect(within(mine).getByText('This browser')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(within(mine).getByText(/Last active 25 Nov 2026/)).toBeTruthy();
    const firefox = within(region).getByRole('listitem', { name: 'Firefox on Linux' });
    fireEvent.click(within(firefox).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(region).queryByRole('listitem', { name: 'Firefox on Linux' })).toBeNull());
    expect(api.callsTo('DELETE /user/sessions/:id')[0]?.params).toEqual({ id: 'b' });
    fireEvent.click(within(region).getByRole('button', { name: 'Sign out of all other sessions' }));
    expect(await screen.findByText('1 session signed out')).toBeTruthy();
    expect(await within(region).findByText('You are signed in on this browser only.')).toBeTruthy();
  });

  it('shows an error with Retry when the list cannot be loaded', async () => {
    renderApp('/account', {
      user: makeMe(),
      api: {
        ...accountPageApi,
        'GET /user/sessions': () => reply(500, { msg: 'boom' }),
      },
    });
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Sessions' });
    expect(within(region).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('names browsers from their user agent', () => {
    expect(browserName(FIREFOX)).toBe('Firefox on Linux');
    expect(browserName(CHROME)).toBe('Chrome on Windows');
    expect(browserName(null)).toBe('Unknown browser');
    expect(browserName('curl/8.5.0')).toBe('A script');
  });
});
