import type { Me } from '@devmarket/contract';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { IconLogo, Logo } from '../../components/logo';
import { useCurrentUser } from '../../lib/session';
import { paths } from '../paths';

type NavLink = { label: string; href: string; exact?: boolean };

/** Spec §2: links for everyone, plus Find Talent for clients and Find Projects for developers. */
export function navLinks(user: Me | null): NavLink[] {
  const links: NavLink[] = [{ label: 'Dashboard', href: paths.home.href(), exact: true }];
  if (user?.type === 'Client') links.push({ label: 'Find Talent', href: paths.talent.href() });
  if (user?.type === 'Developer') links.push({ label: 'Find Projects', href: paths.projects.href() });
  links.push({ label: 'Messages', href: paths.messages.href() }, { label: 'Account', href: paths.account.href() });
  if (user?.isStaff) links.push({ label: 'Staff', href: paths.admin.href() });
  return links;
}

/** Dashboard is active only on exactly /; the others when the path contains their href. */
export function isLinkActive(link: NavLink, pathname: string): boolean {
  return link.exact ? pathname === link.href : pathname.includes(link.href);
}

export function TopBar({ disabled = false }: { disabled?: boolean }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('lg'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const links = navLinks(user);

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
        {isMobile && (
          <IconButton edge="start" aria-label="Open menu" onClick={() => setDrawerOpen(true)} disabled={disabled}>
            <MenuIcon />
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
        {!isMobile && (
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
                  {l.label}
                </Button>
              );
            })}
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {user ? (
          <>
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
            <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
              <Box sx={{ px: 2, py: 1 }}>
                <Box sx={{ fontWeight: 600 }}>{fullName}</Box>
                <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{user.email}</Box>
              </Box>
              <Divider />
              <MenuItem component={RouterLink} to={paths.finances.href()}>
                Finances
              </MenuItem>
              <MenuItem component={RouterLink} to={paths.account.href()}>
                Account
              </MenuItem>
              {user.type === 'Developer' && user.username && (
                <MenuItem component={RouterLink} to={paths.developer.href(user.username)}>
                  Profile
                </MenuItem>
              )}
              <MenuItem component={RouterLink} to={paths.logout.href()}>
                Logout
              </MenuItem>
            </Menu>
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
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} slotProps={{ paper: { sx: { width: 260 } } }}>
        <Box sx={{ p: 2 }}>
          <Logo />
        </Box>
        <Divider />
        <List component="nav" aria-label="Main">
          {links.map((l) => (
            <ListItemButton
              key={l.href}
              component={RouterLink}
              to={l.href}
              selected={isLinkActive(l, pathname)}
              disabled={disabled}
            >
              <ListItemText primary={l.label} />
            </ListItemButton>
          ))}
        </List>
      </Drawer>
    </AppBar>
  );
}
