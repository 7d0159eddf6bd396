import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';

/**
 * The element of the workspace frame the server writes the project's name into (issue 33): the
 * build pre-renders this frame empty, and for a viewer who may see the project the server fills
 * this element's text before sending the page (apps/server/src/plugins/static.ts). A phone then
 * paints the project's name from HTML instead of after every script and two API calls.
 */
export const PROJECT_NAME_SLOT = 'project-name';

/**
 * The name the server wrote into this page's frame, with the address it came for. Read when this
 * module loads, which is before hydration reaches the frame (the guard's frame waits for this
 * chunk, and until then hydration leaves the server's HTML as it is), so the first render draws
 * the same text, and the workspace's own skeleton keeps showing it until the project has loaded.
 */
const fromServer =
  typeof document === 'undefined'
    ? null
    : {
        path: window.location.pathname,
        name: document.querySelector(`[data-slot="${PROJECT_NAME_SLOT}"]`)?.textContent ?? '',
      };

/** The project's name as the server sent it with the page at `pathname`, if it did. */
export const serverProjectName = (pathname: string): string | undefined =>
  fromServer?.name && fromServer.path === pathname ? fromServer.name : undefined;

/**
 * The workspace's layout, shared by the real one (routes/workspace.tsx) and this skeleton so the
 * two stay in step: the page (menu beside the view from 1200 px, above it below), the side menu,
 * and the menu's header (avatar, name, company).
 */
export const WORKSPACE_SX = {
  page: { display: 'flex', flexDirection: { xs: 'column', lg: 'row' }, flexGrow: 1, minHeight: 0 },
  menu: {
    flexShrink: 0,
    width: { lg: 240 },
    // Responsive border shorthands would reset the colour to the text colour (a near-black
    // line); give the colour in the same declaration.
    borderBottom: { xs: '1px solid var(--mui-palette-divider)', lg: 'none' },
    borderRight: { lg: '1px solid var(--mui-palette-divider)' },
    bgcolor: 'background.paper',
  },
  menuHeader: { display: 'flex', alignItems: 'center', gap: 1.5, px: 2, pt: 2, pb: { xs: 1, lg: 2 } },
} as const;

/**
 * The workspace frame (routes/workspace.tsx) before its project has loaded: its side menu (project
 * name, company, menu items) and the first board columns, laid out as the real ones are at every
 * width, so nothing jumps when they arrive. The name is the server's when it sent one, else a bar.
 */
export function WorkspaceSkeleton({ standalone = false }: { standalone?: boolean }) {
  const name = serverProjectName(useLocation().pathname);
  return (
    <Box sx={WORKSPACE_SX.page} {...(standalone ? { role: 'status', 'aria-label': 'Loading' } : {})}>
      <Box sx={WORKSPACE_SX.menu}>
        <Box sx={WORKSPACE_SX.menuHeader}>
          <Skeleton variant="circular" width={36} height={36} sx={{ flexShrink: 0 }} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            {/* Should the first render still differ from the server's text (the same project's
                name), React is told to keep the text rather than redraw the page. */}
            <Typography
              noWrap
              data-slot={PROJECT_NAME_SLOT}
              suppressHydrationWarning
              sx={{
                fontWeight: 700,
                '&:empty': {
                  width: '9em',
                  maxWidth: '100%',
                  height: '1.5em',
                  borderRadius: 1,
                  bgcolor: 'action.hover',
                },
              }}
            >
              {name ?? ''}
            </Typography>
            <Skeleton width="60%" height={20} />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'row', lg: 'column' }, px: 1, pb: 1, gap: 0.5 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton
              key={i}
              variant="rounded"
              sx={{ flex: { xs: '1 1 0', lg: '0 0 auto' }, height: { xs: 52, md: 40, lg: 44 } }}
            />
          ))}
        </Box>
      </Box>
      {/* As the board draws itself while its tasks load (features/tasks/components/board-view.tsx). */}
      <Box sx={{ flexGrow: 1, minWidth: 0, overflow: 'hidden', p: { xs: 2, md: 3 } }}>
        <Skeleton variant="rounded" height={40} sx={{ maxWidth: { sm: 320 }, mb: 2 }} />
        <Box sx={{ display: 'flex', gap: 2, overflow: 'hidden' }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={320} sx={{ flex: { xs: '0 0 80%', md: '1 1 0' } }} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
