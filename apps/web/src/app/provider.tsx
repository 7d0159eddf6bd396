import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { closeSnackbar, type CustomContentProps, SnackbarContent, SnackbarProvider } from 'notistack';
import { forwardRef, type ReactNode, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { NOTICES_CLASS, theme } from './theme';

/** A notice that closes on click (spec §1 notification defaults). */
const Notice = forwardRef<HTMLDivElement, CustomContentProps>(function Notice({ id, message, variant }, ref) {
  const severity = variant === 'default' ? 'info' : variant;
  return (
    <SnackbarContent ref={ref} role={severity === 'error' ? 'alert' : 'status'} style={{ width: 300 }}>
      <Alert
        severity={severity}
        variant="filled"
        onClick={() => closeSnackbar(id)}
        sx={{ width: '100%', cursor: 'pointer', boxShadow: 3 }}
        action={<CloseIcon fontSize="small" aria-label="Close notice" />}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme} defaultMode="system" disableTransitionOnChange>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          autoHideDuration={3000}
          transitionDuration={300}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          // Below the top bar (avatar and menus stay reachable); see NOTICES_CLASS in the theme.
          classes={{ containerAnchorOriginTopRight: NOTICES_CLASS }}
          maxSnack={4}
          Components={{ success: Notice, error: Notice, info: Notice, warning: Notice, default: Notice }}
        >
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
