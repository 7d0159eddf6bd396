import type { Notification } from '@devmarket/contract';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useNavigate } from 'react-router';
import { formatTime, groupByDay } from '../../../lib/format';
import { useMarkNotificationsRead } from '../api/mark-read';

/** Notifications grouped by day; unread ones are marked; a click marks it read and opens its link. */
export function NotificationList({ items, onOpen }: { items: Notification[]; onOpen?: () => void }) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationsRead();
  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate([n.id]);
    onOpen?.();
    navigate(n.link);
  };
  return (
    <List disablePadding aria-label="Notifications list">
      {groupByDay(items, (n) => n.createdAt).map((g) => (
        <Fragment key={g.key}>
          <ListSubheader disableSticky sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
            {g.day}
          </ListSubheader>
          {g.items.map((n) => (
            <ListItem key={n.id} disablePadding>
              <ListItemButton
                onClick={() => open(n)}
                aria-label={`${n.readAt ? '' : 'Unread: '}${n.title}`}
                sx={{
                  alignItems: 'flex-start',
                  gap: 1.5,
                  bgcolor: n.readAt ? undefined : 'action.hover',
                  borderLeft: 3,
                  borderColor: n.readAt ? 'transparent' : 'primary.main',
                }}
              >
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: n.readAt ? 500 : 700, overflowWrap: 'anywhere' }}>{n.title}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {n.body}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatTime(n.createdAt)}
                  </Typography>
                </Box>
                {!n.readAt && (
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mt: 1, flexShrink: 0 }}
                  />
                )}
              </ListItemButton>
            </ListItem>
          ))}
        </Fragment>
      ))}
    </List>
  );
}
