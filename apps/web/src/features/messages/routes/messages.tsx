import type { Message } from '@devmarket/contract';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/loading';
import { useCurrentUser } from '../../../lib/session';
import { useThread } from '../api/get-thread';
import { useThreads } from '../api/get-threads';
import { useMarkThreadRead } from '../api/mark-thread-read';
import { ProfilePanel } from '../components/profile-panel';
import { ThreadList } from '../components/thread-list';
import { ThreadView } from '../components/thread-view';
import { useMessagesEvents } from '../hooks/use-messages-events';

/**
 * /messages (optional ?threadID=): the thread list, the open thread with its composer, and the
 * other user's profile. Small screens show the list and the thread as separate views; the
 * profile panel shows beside the thread from the lg breakpoint, in a drawer below it.
 */
export default function MessagesPage() {
  const me = useCurrentUser();
  const [params] = useSearchParams();
  const threadID = params.get('threadID');
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('md'));
  const isWide = useMediaQuery(theme.breakpoints.up('lg'));
  const [profileOpen, setProfileOpen] = useState(false);

  const threads = useThreads();
  const fromList = threads.data?.find((t) => t.id === threadID);
  // A thread not in the (most recent) list is loaded on its own.
  const single = useThread(threadID && threads.isSuccess && !fromList ? threadID : null);
  const thread = fromList ?? single.data;

  const markRead = useMarkThreadRead();
  const markIfVisible = useCallback(
    (id: string) => {
      if (document.visibilityState === 'visible') markRead.mutate(id);
    },
    [markRead.mutate],
  );
  // Opening a thread with unread messages reads them.
  const unread = thread?.unread ?? 0;
  useEffect(() => {
    if (thread?.id && unread > 0) markIfVisible(thread.id);
  }, [thread?.id, unread, markIfVisible]);
  useEffect(() => {
    if (!thread?.id) return;
    const id = thread.id;
    const onVisible = () => markIfVisible(id);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [thread?.id, markIfVisible]);

  // A message arriving in the open thread is read at once (while the tab is visible).
  useMessagesEvents((m: Message) => {
    if (m.threadID === threadID && m.userID !== me?.id) markIfVisible(m.threadID);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new thread closes the drawer
  useEffect(() => setProfileOpen(false), [threadID]);

  if (!me) return <PageLoading />;
  const emptyAction =
    me.type === 'Client' ? { label: 'Find Talent', href: '/talent' } : { label: 'Find Projects', href: '/projects' };
  const showList = !isSmall || !threadID;
  const showThread = !isSmall || Boolean(threadID);

  return (
    <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0, bgcolor: 'background.paper' }}>
      {showList && (
        <Box
          sx={{
            width: { xs: '100%', md: 320, xl: 360 },
            flexShrink: 0,
            borderRight: { md: 1 },
            borderColor: { md: 'divider' },
            minHeight: 0,
          }}
        >
          <ThreadList
            threads={threads.data}
            isLoading={threads.isPending}
            selectedId={threadID}
            emptyAction={emptyAction}
          />
        </Box>
      )}
      {showThread && (
        <Box sx={{ flexGrow: 1, minWidth: 0, minHeight: 0 }}>
          {thread ? (
            <ThreadView
              thread={thread}
              meId={me.id}
              showBack={isSmall}
              onOpenProfile={isWide ? undefined : () => setProfileOpen(true)}
            />
          ) : threadID && (threads.isPending || single.isPending) ? (
            <PageLoading />
          ) : (
            <NoThread missing={Boolean(threadID)} />
          )}
        </Box>
      )}
      {thread && isWide && (
        <Box sx={{ width: 320, flexShrink: 0, borderLeft: 1, borderColor: 'divider', minHeight: 0 }}>
          <ProfilePanel user={thread.otherUser} viewerIsClient={me.type === 'Client'} />
        </Box>
      )}
      {thread && !isWide && (
        <Drawer
          anchor="right"
          open={profileOpen}
          onClose={() => setProfileOpen(false)}
          slotProps={{ paper: { sx: { width: { xs: '88%', sm: 340 } }, 'aria-label': 'Profile' } }}
        >
          <ProfilePanel user={thread.otherUser} viewerIsClient={me.type === 'Client'} />
        </Drawer>
      )}
    </Box>
  );
}

function NoThread({ missing }: { missing: boolean }) {
  return (
    <Box
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        p: 4,
        bgcolor: 'background.default',
        color: 'text.secondary',
      }}
    >
      <ChatBubbleOutlineIcon sx={{ fontSize: 56, color: 'action.disabled', mb: 1 }} />
      <Typography variant="h6" component="p" sx={{ color: 'text.primary' }}>
        {missing ? 'Conversation not found' : 'Select a conversation'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {missing ? 'It may have been removed, or it is not yours.' : 'Choose a conversation from the list to read it.'}
      </Typography>
      {missing && (
        <Button component={RouterLink} to="/messages" sx={{ mt: 2 }}>
          All conversations
        </Button>
      )}
    </Box>
  );
}
