import type { Me } from '@devmarket/contract';
import { render } from '@testing-library/react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { setActiveFakeApi } from './active-fake-api';
import { FakeApi, type FakeRoutes, reply } from './fake-api';
import { makeMe } from './fixtures';

export { makeMe };

/** jsdom has no EventSource: a stream that stays "connecting" and never delivers. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = 0;
  onmessage = null;
  onopen = null;
  onerror = null;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.readyState = 2;
  }
}

/** What the guard and the shell ask for a signed-in user: the user, their projects and threads, the unread badge. */
export const signedInShell = (me: Me): FakeRoutes => ({
  'GET /user': () => me,
  'GET /projects/my': () => [],
  'GET /threads': () => [],
  'GET /threads/unread': () => ({ count: 0 }),
  'GET /notifications/unread-count': () => ({ count: 0 }),
  // The money settings the finance pages state (public, DESIGN §13).
  'GET /config/money': () => ({
    pendingHours: 6,
    deposits: [
      { currency: 'BTC', network: null, label: 'BTC on Bitcoin', provider: 'simulated', testMode: true },
      { currency: 'ETH', network: null, label: 'ETH on Ethereum', provider: 'simulated', testMode: true },
      {
        currency: 'USDT',
        network: 'ERC-20',
        label: 'USDT on Ethereum (ERC-20)',
        provider: 'simulated',
        testMode: true,
      },
      { currency: 'USDT', network: 'TRC-20', label: 'USDT on Tron (TRC-20)', provider: 'simulated', testMode: true },
    ],
  }),
});

/** Reports the router's location on every render (what the address bar would show). */
function TrackLocation({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/**
 * Renders the real app (providers, router, lazy pages, guards) at `url`, with `fetch` answered
 * by a FakeApi of `api`. With `user`, GET /user answers it, and so do the shell's other calls
 * (signedInShell; empty unless `api` says otherwise); without, GET /user is a guest's 401.
 */
export function renderApp(url: string, opts: { api?: FakeRoutes; user?: Me } = {}) {
  const fake = new FakeApi();
  // The server's session hint (lib/session.ts): present for a signed-in browser only.
  document.cookie = opts.user ? 'dm_signed_in=1; Path=/' : 'dm_signed_in=; Max-Age=0; Path=/';
  if (opts.user) {
    const me = opts.user;
    fake.on(signedInShell(me));
  } else {
    fake.on({ 'GET /user': () => reply(401, { msg: 'Please log in to continue', error: 'Unauthorized' }) });
  }
  fake.on(opts.api ?? {});
  setActiveFakeApi(fake);
  vi.stubGlobal('fetch', fake.fetch);
  vi.stubGlobal('EventSource', FakeEventSource);
  let current: Location | undefined;
  const view = render(
    <AppProvider>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <TrackLocation onChange={(l) => (current = l)} />
      </MemoryRouter>
    </AppProvider>,
  );
  /** Where the app is now (what the address bar would show). */
  const location = () => current;
  return { ...view, api: fake, location };
}
