import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/loading';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** Top bar, a centred page and the footer. */
export default function DashboardLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      {/* At least a screen high: the footer starts below the fold, so a page that grows as its
          data arrives does not push it down in view (layout shift, issue 33). */}
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, minHeight: '100vh', py: { xs: 2, md: 4 } }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </Box>
  );
}
