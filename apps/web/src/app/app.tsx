import { type ComponentType, type ReactNode, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { notify } from '../lib/notify';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** Spec §1: the address's email_verified query shows 'Email verified successfully' once. */
function useEmailVerifiedNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('email_verified')) return;
    notify('Email verified successfully');
    url.searchParams.delete('email_verified');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, []);
}

type RouterType = ComponentType<{ children: ReactNode }>;

function Root({ Router }: { Router: RouterType }) {
  useEmailVerifiedNotice();
  return (
    <Router>
      <AppRoutes />
    </Router>
  );
}

/**
 * The whole app under the browser's router, or under the static router the build's pre-render
 * gives (src/prerender.tsx): one tree for both, so the hydrated HTML matches element for element.
 */
export function App({ Router = BrowserRouter }: { Router?: RouterType }) {
  return (
    <AppProvider>
      <Root Router={Router} />
    </AppProvider>
  );
}
