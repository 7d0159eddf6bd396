import type { Thread } from '@devmarket/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMessages } from '../api/get-messages';
import { Composer } from './composer';
import { initials } from '../../../components/user-avatar';
import { MessageList } from './message-list';

type Props = {
  thread: Thread;
  meId: string;
  /** Small screens: a back link to the list. */
  showBack: boolean;
  /** Screens without the side panel: a button that opens the profile. */
  onOpenProfile?: () => void;
};

export function ThreadView({ thread, meId, showBack, onOpenProfile }: Props) {
  const q = useMessages(thread.id);
  const messages = useMemo(() => q.data?.pages.flat() ?? [], [q.data]);
  const u = thread.otherUser;
  const name = `${u.firstName} ${u.lastName}`.trim();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 1, sm: 2.5 },
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        {showBack && (
          <IconButton component={RouterLink} to="/messages" aria-label="Back to conversations">
            <ArrowBackIcon />
          </IconButton>
        )}
        <Avatar src={u.imageURL ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
          {initials(u)}
        </Avatar>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="h6" component="h2" noWrap>
            {name}
          </Typography>
          {u.title && (
            <Typography variant="caption" component="p" noWrap sx={{ color: 'text.secondary' }}>
              {u.title}
            </Typography>
          )}
        </Box>
        {onOpenProfile && (
          <IconButton onClick={onOpenProfile} aria-label="Show profile">
            <PersonOutlineIcon />
          </IconButton>
        )}
      </Box>
      <MessageList
        messages={messages}
        meId={meId}
        isLoading={q.isPending}
        hasOlder={Boolean(q.hasPreviousPage)}
        isFetchingOlder={q.isFetchingPreviousPage}
        onLoadOlder={() => void q.fetchPreviousPage()}
      />
      <Composer key={thread.id} threadId={thread.id} />
    </Box>
  );
}
