import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { IconLogo, Logo } from '../../components/logo';
import { useUnreadCount } from '../../features/messages/api/get-unread-count';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useCurrentUser } from '../../lib/session';
import { paths } from '../paths';
import { isLinkActive, navLinks } from './nav-links';

// Loaded on first open: most visits never need them, and they keep the first load small.
const MainDrawer = lazy(() => import('./main-drawer'));
const UserMenu = lazy(() => import('./user-menu'));

export function TopBar({ disabled = false }: { disabled?: boolean }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('lg'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const links = navLinks(user);
  // Conversations with unread messages, kept fresh by real-time events (messages issue).
  const unread = useUnreadCount(Boolean(user));

  // Drawer and user menu close on every route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => {
    setDrawerOpen(false);
    setMenuAnchor(null);
  }, [pathname]);

  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60 } }}>
        {isMobile && user && (
          <IconButton edge="start" aria-label="Open menu" onClick={() => setDrawerOpen(true)} disabled={disabled}>
            <Badge color="error" variant="dot" invisible={unread === 0}>
              <MenuIcon />
            </Badge>
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to={paths.home.href()}
          aria-label="DevMarket home"
          sx={{ display: 'flex', textDecoration: 'none', mr: 2 }}
        >
          {isMobile ? <IconLogo /> : <Logo />}
        </Box>
        {!isMobile && links.length > 0 && (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5 }}>
            {links.map((l) => {
              const active = isLinkActive(l, pathname);
              return (
                <Button
                  key={l.href}
                  component={RouterLink}
                  to={l.href}
                  disabled={disabled}
                  color={active ? 'primary' : 'inherit'}
                  aria-current={active ? 'page' : undefined}
                  sx={{ fontWeight: active ? 700 : 500, bgcolor: active ? 'action.selected' : undefined }}
                >
                  {l.href === paths.messages.href() && unread > 0 ? (
                    <Badge
                      badgeContent={unread}
                      max={99}
                      color="error"
                      title={`${unread} unread`}
                      slotProps={{ badge: { 'aria-hidden': true } }}
                      sx={{ mr: 1.5, '& .MuiBadge-badge': { right: -14, top: 2 } }}
                    >
                      {l.label}
                    </Badge>
                  ) : (
                    l.label
                  )}
                </Button>
              );
            })}
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {user ? (
          <>
            <NotificationBell disabled={disabled} />
            <IconButton
              aria-label="Open user menu"
              aria-haspopup="menu"
              onClick={(e) => setMenuAnchor(e.currentTarget)}
              disabled={disabled}
            >
              <Avatar src={user.imageURL ?? undefined} alt={fullName} sx={{ width: 40, height: 40 }}>
                {user.firstName.slice(0, 1)}
              </Avatar>
            </IconButton>
            {menuAnchor && (
              <Suspense fallback={null}>
                <UserMenu user={user} anchorEl={menuAnchor} onClose={() => setMenuAnchor(null)} />
              </Suspense>
            )}
          </>
        ) : (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button component={RouterLink} to={paths.login.href()} disabled={disabled}>
              Log in
            </Button>
            <Button component={RouterLink} to={paths.signUp.href()} variant="contained" disabled={disabled}>
              Sign up
            </Button>
          </Box>
        )}
      </Toolbar>
      {drawerOpen && (
        <Suspense fallback={null}>
          <MainDrawer links={links} pathname={pathname} disabled={disabled} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
