import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import { IconLogo, Logo } from '../../components/logo';
import { PageHeading, type PageHeadingText } from '../../components/page-heading';
import { lazy, Suspense } from 'react';

/**
 * Loaded only for a workspace address, so the other pages' first load does not carry it. While its
 * chunk is on the way, hydration leaves the pre-rendered frame on screen as it is.
 */
const WorkspaceSkeleton = lazy(() => import('./workspace-skeleton').then((m) => ({ default: m.WorkspaceSkeleton })));

/** Widths of the top bar's link placeholders (Dashboard, Find …, Messages, Account). */
const LINK_WIDTHS = [86, 104, 82, 70];

/**
 * The signed-in app frame while GET /user is on its way: the top bar (its height, logo, link and
 * avatar places) and a page skeleton. The build pre-renders it (src/prerender.tsx), so a signed-in
 * visit paints this from HTML before any script runs (issue 33). Phone and desktop differ by CSS
 * breakpoints only, never by a media query in script: the HTML has no screen size to ask.
 * `heading`: the page's own title and line when they are fixed text (app/page-headings.ts);
 * `workspace`: the project workspace's frame instead of a page's (./workspace-skeleton.tsx).
 */
export function ShellSkeleton({ heading, workspace = false }: { heading?: PageHeadingText; workspace?: boolean }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }} role="status" aria-label="Loading">
      <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Toolbar sx={{ gap: 1, minHeight: { xs: 60 } }}>
          {/* Where the phone's menu (drawer) button goes. */}
          <Skeleton variant="circular" width={32} height={32} sx={{ display: { lg: 'none' }, mr: 1 }} />
          <Box sx={{ display: { xs: 'flex', lg: 'none' }, mr: 2 }}>
            <IconLogo />
          </Box>
          <Box sx={{ display: { xs: 'none', lg: 'flex' }, mr: 2 }}>
            <Logo />
          </Box>
          <Box sx={{ display: { xs: 'none', lg: 'flex' }, gap: 2.5, alignItems: 'center' }}>
            {LINK_WIDTHS.map((w) => (
              <Skeleton key={w} width={w} height={20} />
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Skeleton variant="circular" width={32} height={32} sx={{ mr: 1 }} />
          <Skeleton variant="circular" width={40} height={40} />
        </Toolbar>
      </AppBar>
      {workspace ? (
        <Suspense fallback={null}>
          <WorkspaceSkeleton />
        </Suspense>
      ) : (
        <Container maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 2, md: 4 } }}>
          {heading ? (
            <PageHeading {...heading} />
          ) : (
            <>
              <Skeleton width="35%" height={44} />
              <Skeleton width="55%" height={22} sx={{ mb: 3 }} />
            </>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={120} />
            ))}
          </Box>
        </Container>
      )}
    </Box>
  );
}
