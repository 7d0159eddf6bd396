import { useEffect } from 'react';
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

function Root() {
  useEmailVerifiedNotice();
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

export function App() {
  return (
    <AppProvider>
      <Root />
    </AppProvider>
  );
}
