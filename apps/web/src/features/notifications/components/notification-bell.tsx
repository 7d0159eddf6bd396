import { notificationsButtonLabel } from '@devmarket/contract/constants';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useUnreadNotifications } from '../api/notifications';

// The list is loaded on first open: the bell itself stays within the first-load budget.
const NotificationsPopover = lazy(() => import('./notifications-popover'));

/** The top bar's bell (DESIGN §10): its accessible name carries the unread count, kept live. */
export function NotificationBell({ disabled = false }: { disabled?: boolean }) {
  const unread = useUnreadNotifications(true);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label={notificationsButtonLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={disabled}
      >
        <Badge badgeContent={unread} max={99} color="error" slotProps={{ badge: { 'aria-hidden': true } }}>
          <NotificationsNoneOutlinedIcon />
        </Badge>
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationsPopover anchorEl={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
