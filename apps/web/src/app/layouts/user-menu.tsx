import type { Me } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { paths } from '../paths';

/** The avatar menu: Finances, Account, the developer's public Profile, Logout. */
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
      <MenuItem component={RouterLink} to={paths.logout.href()}>
        Logout
      </MenuItem>
    </Menu>
  );
}
