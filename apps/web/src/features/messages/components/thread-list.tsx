import type { Thread } from '@devmarket/contract';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { shortWhen } from '../../../lib/format';
import { initials } from '../../../components/user-avatar';

type Props = {
  threads: Thread[] | undefined;
  isLoading: boolean;
  selectedId: string | null;
  /** Where the empty state sends the user: Find Talent for clients, Find Projects for developers. */
  emptyAction: { label: string; href: string };
};

export function ThreadList({ threads, isLoading, selectedId, emptyAction }: Props) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ px: 2.5, pt: 2.5, pb: 1.5 }}>
        <Typography variant="h2" component="h1">
          Messages
        </Typography>
      </Box>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', minHeight: 0 }}>
        {isLoading ? (
          <Box sx={{ px: 2 }} role="status" aria-label="Loading conversations">
            {[0, 1, 2, 3].map((i) => (
              <Box key={i} sx={{ display: 'flex', gap: 1.5, py: 1.5, alignItems: 'center' }}>
                <Skeleton variant="circular" width={40} height={40} />
                <Box sx={{ flexGrow: 1 }}>
                  <Skeleton width="60%" />
                  <Skeleton width="85%" />
                </Box>
              </Box>
            ))}
          </Box>
        ) : !threads?.length ? (
          <Box sx={{ textAlign: 'center', px: 3, py: 6, color: 'text.secondary' }}>
            <ForumOutlinedIcon sx={{ fontSize: 48, color: 'action.disabled' }} />
            <Typography variant="h6" component="p" sx={{ color: 'text.primary', mt: 1 }}>
              No conversations yet
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5, mb: 2 }}>
              Messages you send and receive show up here.
            </Typography>
            <Button component={RouterLink} to={emptyAction.href} variant="outlined">
              {emptyAction.label}
            </Button>
          </Box>
        ) : (
          <List aria-label="Conversations" sx={{ py: 0 }}>
            {threads.map((t) => (
              <ThreadItem key={t.id} thread={t} selected={t.id === selectedId} />
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}

function ThreadItem({ thread, selected }: { thread: Thread; selected: boolean }) {
  const u = thread.otherUser;
  const name = `${u.firstName} ${u.lastName}`.trim();
  const unread = thread.unread > 0;
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={`/messages?threadID=${encodeURIComponent(thread.id)}`}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        sx={{ px: 2.5, py: 1.25, gap: 0.5, alignItems: 'center' }}
      >
        <ListItemAvatar sx={{ minWidth: 52 }}>
          <Badge
            color="primary"
            variant="dot"
            invisible={!unread}
            overlap="circular"
            anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            <Avatar src={u.imageURL ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
              {initials(u)}
            </Avatar>
          </Badge>
        </ListItemAvatar>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography noWrap sx={{ fontWeight: unread ? 700 : 600, flexGrow: 1, minWidth: 0 }}>
              {name}
            </Typography>
            <Typography
              variant="caption"
              sx={{ color: unread ? 'primary.main' : 'text.secondary', flexShrink: 0, fontWeight: unread ? 700 : 400 }}
            >
              {shortWhen(thread.lastMessageAt)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography
              variant="body2"
              noWrap
              sx={{ color: unread ? 'text.primary' : 'text.secondary', fontWeight: unread ? 600 : 400, flexGrow: 1 }}
            >
              {thread.lastMessage ?? 'No messages yet'}
            </Typography>
            {unread && (
              <Box
                component="span"
                aria-label={`${thread.unread} unread`}
                sx={{
                  flexShrink: 0,
                  minWidth: 20,
                  height: 20,
                  px: 0.75,
                  borderRadius: 10,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  fontSize: 12,
                  fontWeight: 700,
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                {thread.unread > 99 ? '99+' : thread.unread}
              </Box>
            )}
          </Box>
        </Box>
      </ListItemButton>
    </li>
  );
}
