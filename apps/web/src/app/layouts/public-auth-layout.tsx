import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { PageLoading } from '../../components/loading';
import { Logo } from '../../components/logo';
import { paths } from '../paths';

/** Login, sign-up and password pages: the logo over one card. */
export default function PublicAuthLayout() {
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
