import type { Message } from '@devmarket/contract';
import WorkOutlineIcon from '@mui/icons-material/WorkOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatTime, groupByDay } from '../../../lib/format';

type Props = {
  messages: Message[];
  meId: string;
  isLoading: boolean;
  hasOlder: boolean;
  isFetchingOlder: boolean;
  onLoadOlder: () => void;
};

/**
 * Messages oldest first with day separators and times. Stays pinned to the bottom when new
 * messages arrive (if the reader was at the bottom), loads older pages when scrolled to the top
 * and keeps the reading position while they are inserted above.
 */
export function MessageList({ messages, meId, isLoading, hasOlder, isFetchingOlder, onLoadOlder }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const prev = useRef<{ firstId?: string; lastId?: string; height: number }>({ height: 0 });
  const groups = useMemo(() => groupByDay(messages, (m) => m.createdAt), [messages]);

  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const p = prev.current;
    if (p.firstId && firstId !== p.firstId && lastId === p.lastId) {
      // Older messages were inserted above: keep what the reader was looking at in place.
      el.scrollTop += el.scrollHeight - p.height;
    } else if (lastId !== p.lastId) {
      const mine = messages[messages.length - 1]?.userID === meId;
      if (atBottom.current || mine || !p.lastId) el.scrollTop = el.scrollHeight;
    }
    prev.current = { firstId, lastId, height: el.scrollHeight };
  }, [firstId, lastId, messages, meId]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    prev.current.height = el.scrollHeight;
    if (el.scrollTop < 120 && hasOlder && !isFetchingOlder) onLoadOlder();
  };

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      sx={{
        flexGrow: 1,
        minHeight: 0,
        overflowY: 'auto',
        px: { xs: 1.5, sm: 3 },
        py: 2,
        bgcolor: 'background.default',
      }}
    >
      {isLoading ? (
        <Box role="status" aria-label="Loading messages">
          {[60, 40, 70, 35].map((w, i) => (
            <Box key={w} sx={{ display: 'flex', justifyContent: i % 2 ? 'flex-end' : 'flex-start', my: 1.5 }}>
              <Skeleton variant="rounded" width={`${w}%`} height={44} />
            </Box>
          ))}
        </Box>
      ) : messages.length === 0 ? (
        <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>No messages yet. Say hello!</Typography>
        </Box>
      ) : (
        <>
          {(hasOlder || isFetchingOlder) && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
              {isFetchingOlder ? (
                <CircularProgress size={20} aria-label="Loading older messages" />
              ) : (
                <Button size="small" onClick={onLoadOlder}>
                  Load older messages
                </Button>
              )}
            </Box>
          )}
          {groups.map((g) => (
            <Box key={g.key} component="section" aria-label={g.day}>
              <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
                <Chip
                  label={g.day}
                  size="small"
                  sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
                />
              </Box>
              {g.items.map((m) => (
                <MessageBubble key={m.id} message={m} mine={m.userID === meId} />
              ))}
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}

function MessageBubble({ message, mine }: { message: Message; mine: boolean }) {
  const isInvite = message.type === 'PROJECT_INVITE';
  return (
    <Box data-testid="message" sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', mb: 1 }}>
      <Box
        sx={{
          maxWidth: { xs: '85%', md: '70%' },
          px: 1.75,
          py: 1,
          borderRadius: 2.5,
          borderBottomRightRadius: mine ? 4 : undefined,
          borderBottomLeftRadius: mine ? undefined : 4,
          bgcolor: mine ? 'primary.main' : 'background.paper',
          color: mine ? 'primary.contrastText' : 'text.primary',
          border: mine ? 0 : 1,
          borderColor: 'divider',
          boxShadow: mine ? 0 : '0 1px 2px rgba(16,24,40,.04)',
        }}
      >
        {isInvite && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.75 }}>
            <WorkOutlineIcon fontSize="small" />
            <Typography variant="subtitle2" component="span">
              Project invite{message.projectName ? `: ${message.projectName}` : ''}
            </Typography>
          </Box>
        )}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Typography>
        {isInvite && message.projectHandle && (
          <Button
            component={RouterLink}
            to={mine ? `/project/${message.projectHandle}` : `/project/${message.projectHandle}/details`}
            size="small"
            variant={mine ? 'outlined' : 'contained'}
            color={mine ? 'inherit' : 'primary'}
            sx={{ mt: 1 }}
          >
            {mine ? 'Open project' : 'View invite'}
          </Button>
        )}
        <Typography
          variant="caption"
          component="time"
          dateTime={message.createdAt}
          sx={{ display: 'block', textAlign: 'right', mt: 0.25, opacity: 0.9 }}
        >
          {formatTime(message.createdAt)}
        </Typography>
      </Box>
    </Box>
  );
}
