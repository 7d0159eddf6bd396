import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { PageLoading } from '../../components/loading';
import { Logo } from '../../components/logo';
import { paths } from '../paths';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** Top bar, a centred page and the footer. */
export function DashboardLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 2, md: 4 } }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </Box>
  );
}

/** Top bar and a full-height work area (workspace, messages, task page); no footer. */
export function SecondLayout() {
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box component="main" sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

/** Login, sign-up and password pages: the logo over one card. */
export function PublicAuthLayout() {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 4, md: 8 },
      }}
    >
      <Box
        component={RouterLink}
        to={paths.home.href()}
        aria-label="DevMarket home"
        sx={{ mb: 4, textDecoration: 'none' }}
      >
        <Logo />
      </Box>
      <Paper component="main" variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Paper>
    </Box>
  );
}

/** Onboarding: only a logo bar and the routed content (the notification area is global). */
export function OnboardingLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', px: 3, py: 1.5 }}>
        <Box
          component={RouterLink}
          to={paths.home.href()}
          aria-label="DevMarket home"
          sx={{ display: 'inline-flex', textDecoration: 'none' }}
        >
          <Logo />
        </Box>
      </Box>
      <Container component="main" maxWidth="sm" sx={{ flexGrow: 1, py: { xs: 3, md: 6 } }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
