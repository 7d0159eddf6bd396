import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

/** The notice stack loads after the first screen, not with it (first-load budget, issue 20). */
const Notices = lazy(() => import('./components/notices'));

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme} defaultMode="system" disableTransitionOnChange>
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
