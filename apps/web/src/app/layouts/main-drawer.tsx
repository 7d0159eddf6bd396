import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/logo';
import { isLinkActive, type NavLink } from './nav-links';

/** The side drawer that holds the top bar's links below the lg breakpoint. */
export default function MainDrawer({
  links,
  pathname,
  disabled,
  onClose,
}: {
  links: NavLink[];
  pathname: string;
  disabled: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer open onClose={onClose} slotProps={{ paper: { sx: { width: 260 }, 'aria-label': 'Menu' } }}>
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
  );
}
