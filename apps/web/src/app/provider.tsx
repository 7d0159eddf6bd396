import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { appTheme } from './theme';

/** The notice stack loads after the first screen, not with it (first-load budget, issue 20). */
const Notices = lazy(() => import('./components/notices'));

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    // noSsr: the mode is read at the first render, with no re-render after mount. Nothing drawn
    // depends on it (colours are CSS variables, set on <html> before the first paint by the
    // pre-rendered pages' script), and that re-render would reach the pre-rendered Suspense
    // boundaries before their chunks arrive, making React drop their HTML (issue 33).
    <ThemeProvider theme={appTheme()} defaultMode="system" disableTransitionOnChange noSsr>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <Notices />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
