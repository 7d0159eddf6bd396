import type { Activity, Task } from '@devmarket/contract';
import HistoryIcon from '@mui/icons-material/History';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Markdown } from '../../../components/markdown';
import { handleFailure } from '../../../lib/api-client';
import { useAddActivity } from '../api/add-activity';
import { formatDateTime } from '../../../lib/format';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((p) => p[0] ?? '')
    .join('')
    .toUpperCase();

function When({ at }: { at: string }) {
  return (
    <Typography component="time" variant="caption" dateTime={at} sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
      {formatDateTime(at)}
    </Typography>
  );
}

/** A step the task went through (DESIGN §8: assigned with a hold, review started, …): muted, with an icon. */
function SystemActivity({ activity }: { activity: Activity }) {
  return (
    <Box component="li" data-kind="system" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box sx={{ width: 32, display: 'flex', justifyContent: 'center', pt: 0.25, color: 'text.secondary' }}>
        <HistoryIcon fontSize="small" titleAccess="Task history" />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {activity.text}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {activity.name} ·{' '}
        </Typography>
        <When at={activity.createdAt} />
      </Box>
    </Box>
  );
}

/** Comments (spec §2): Enter submits (Shift+Enter for a new line), newest first, markdown rendered safely. */
export function TaskComments({ task, canComment }: { task: Task; canComment: boolean }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAddActivity(task.id);

  const submit = () => {
    if (!text.trim() || add.isPending) return;
    setError(undefined);
    add.mutate(text, {
      onSuccess: () => setText(''),
      onError: (err) => handleFailure(err, (errors) => setError(errors.text)),
    });
  };

  return (
    <Box>
      {canComment && (
        <TextField
          label="Add a comment"
          placeholder="Write a comment and press Enter"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          multiline
          maxRows={6}
          disabled={add.isPending}
          error={!!error}
          helperText={error ?? 'Enter to send, Shift+Enter for a new line'}
          sx={{ mb: 2 }}
        />
      )}
      {task.Activities.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No comments yet
        </Typography>
      ) : (
        <Box component="ol" aria-label="Comments" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {task.Activities.map((a) =>
            a.kind === 'system' ? (
              <SystemActivity key={a.id} activity={a} />
            ) : (
              <Box component="li" key={a.id} sx={{ display: 'flex', gap: 1.5 }}>
                <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'secondary.main' }} aria-hidden>
                  {initials(a.name)}
                </Avatar>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                    <Typography variant="subtitle2">{a.name}</Typography>
                    <When at={a.createdAt} />
                  </Box>
                  <Markdown>{a.text}</Markdown>
                </Box>
              </Box>
            ),
          )}
        </Box>
      )}
    </Box>
  );
}
