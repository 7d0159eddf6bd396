import type { Me } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import { Link as RouterLink } from 'react-router';
import { paths } from '../paths';

const THEME_MODES = [
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
  { mode: 'system', label: 'System' },
] as const;

/** The avatar menu: Finances, Account, the developer's public Profile, the theme (DESIGN §13), Logout. */
export default function UserMenu({
  user,
  anchorEl,
  onClose,
}: {
  user: Me;
  anchorEl: HTMLElement;
  onClose: () => void;
}) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  // MUI remembers the choice in localStorage; System (follow the device) until one is made.
  const { mode, setMode } = useColorScheme();
  const current = mode ?? 'system';
  return (
    <Menu anchorEl={anchorEl} open onClose={onClose}>
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
      <Divider />
      <ListSubheader sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>Theme</ListSubheader>
      {THEME_MODES.map((m) => (
        <MenuItem
          key={m.mode}
          role="menuitemradio"
          aria-checked={current === m.mode}
          selected={current === m.mode}
          onClick={() => setMode(m.mode)}
        >
          <ListItemIcon>{current === m.mode && <CheckIcon fontSize="small" />}</ListItemIcon>
          {m.label}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem component={RouterLink} to={paths.logout.href()}>
        Logout
      </MenuItem>
    </Menu>
  );
}
