import { NOTIFICATION_MSG } from '@devmarket/contract/constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { unreadNotificationsQueryOptions } from '../api/notifications';
import { notificationsInfiniteOptions } from '../api/list-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationList } from '../components/notification-list';
import { NotificationsEmpty, NotificationsLoading } from '../components/notifications-popover';

/** /notifications: every notification, newest first, a page at a time. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const list = useInfiniteQuery(notificationsInfiniteOptions());
  const unread = useQuery(unreadNotificationsQueryOptions()).data?.count ?? 0;
  const markAll = useMarkNotificationsRead();
  const items = list.data?.pages.flat() ?? [];
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        <Button
          variant="outlined"
          onClick={() => markAll.mutate(undefined)}
          disabled={unread === 0 || markAll.isPending}
        >
          {NOTIFICATION_MSG.markAllRead}
        </Button>
      </Stack>
      <Paper variant="outlined">
        {list.isPending ? (
          <NotificationsLoading rows={6} />
        ) : list.isError ? (
          <Typography sx={{ p: 3 }}>Notifications could not be loaded. Reload the page to try again.</Typography>
        ) : items.length === 0 ? (
          <NotificationsEmpty />
        ) : (
          <NotificationList items={items} />
        )}
      </Paper>
      {list.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading…' : 'Load older notifications'}
          </Button>
        </Box>
      )}
    </Box>
  );
}
