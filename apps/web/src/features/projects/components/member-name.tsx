import type { MemberUser } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { UserAvatar } from '../../../components/user-avatar';

export const fullName = (u: Pick<MemberUser, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

/** Avatar, full name (linking to the developer profile when there is one) and title. */
export function MemberName({ user, link = true }: { user: MemberUser; link?: boolean }) {
  const name = fullName(user);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <UserAvatar user={user} />
      <Box sx={{ minWidth: 0 }}>
        {link && user.username ? (
          <Link
            component={RouterLink}
            to={paths.developer.href(user.username)}
            underline="hover"
            sx={{ fontWeight: 600 }}
          >
            {name}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        )}
        {user.title && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.title}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
