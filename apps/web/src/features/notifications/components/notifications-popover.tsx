import { NOTIFICATION_MSG, NOTIFICATION_POPOVER_SIZE } from '@devmarket/contract/constants';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { unreadNotificationsQueryOptions } from '../api/notifications';
import { notificationsInfiniteOptions } from '../api/list-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationList } from './notification-list';

export function NotificationsEmpty() {
  return (
    <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
      <NotificationsNoneOutlinedIcon sx={{ fontSize: 40 }} aria-hidden />
      <Typography>{NOTIFICATION_MSG.empty}</Typography>
    </Box>
  );
}

export function NotificationsLoading({ rows = 3 }: { rows?: number }) {
  return (
    <Box sx={{ p: 2 }} role="status" aria-busy="true" aria-label="Loading notifications">
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((key) => (
        <Box key={key} sx={{ mb: 1.5 }}>
          <Skeleton width="70%" />
          <Skeleton width="90%" />
        </Box>
      ))}
    </Box>
  );
}

/** The bell's popover: the newest notifications, "Mark all as read", and a link to the full page. */
export default function NotificationsPopover({ anchorEl, onClose }: { anchorEl: HTMLElement; onClose: () => void }) {
  const list = useInfiniteQuery(notificationsInfiniteOptions(NOTIFICATION_POPOVER_SIZE));
  const unread = useQuery(unreadNotificationsQueryOptions()).data?.count ?? 0;
  const markAll = useMarkNotificationsRead();
  const items = list.data?.pages[0] ?? [];
  return (
    <Popover
      open
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': 'Notifications',
          sx: {
            width: 380,
            maxWidth: 'calc(100vw - 16px)',
            maxHeight: 'min(560px, calc(100vh - 80px))',
            display: 'flex',
            flexDirection: 'column',
          },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: 18 }}>
          Notifications
        </Typography>
        <Button size="small" onClick={() => markAll.mutate(undefined)} disabled={unread === 0 || markAll.isPending}>
          {NOTIFICATION_MSG.markAllRead}
        </Button>
      </Box>
      <Divider />
      {list.isPending ? (
        <NotificationsLoading />
      ) : list.isError ? (
        <Typography sx={{ p: 3 }}>Notifications could not be loaded. Try again in a moment.</Typography>
      ) : items.length === 0 ? (
        <NotificationsEmpty />
      ) : (
        // The list scrolls; the header and the link to the full page stay in view.
        <Box sx={{ overflowY: 'auto', minHeight: 0 }}>
          <NotificationList items={items} onOpen={onClose} />
        </Box>
      )}
      <Divider />
      <Box sx={{ p: 1, textAlign: 'center' }}>
        <Button component={RouterLink} to="/notifications" onClick={onClose} size="small">
          See all notifications
        </Button>
      </Box>
    </Popover>
  );
}
