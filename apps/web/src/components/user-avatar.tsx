import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';

/** A person's initials for an avatar without a picture: "AK" ("?" without a name). */
export const initials = (p: { firstName: string; lastName: string }) =>
  `${p.firstName.slice(0, 1)}${p.lastName.slice(0, 1)}`.toUpperCase() || '?';

/** A user's photo, or their initials on the placeholder (spec §3: the default image is a placeholder). */
export function UserAvatar({
  user,
  size = 40,
  sx,
}: {
  user: { firstName: string; lastName: string; imageURL: string | null };
  size?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <Avatar
      src={user.imageURL && !user.imageURL.startsWith('__') ? user.imageURL : undefined}
      alt={`${user.firstName} ${user.lastName}`.trim()}
      sx={[
        // Colours from the theme's default avatar (AA in light and dark).
        { width: size, height: size, fontSize: size * 0.38 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initials(user)}
    </Avatar>
  );
}
