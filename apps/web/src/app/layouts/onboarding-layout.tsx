import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { PageLoading } from '../../components/loading';
import { Logo } from '../../components/logo';
import { paths } from '../paths';

/** Onboarding: only a logo bar and the routed content (the notification area is global). */
export default function OnboardingLayout() {
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
