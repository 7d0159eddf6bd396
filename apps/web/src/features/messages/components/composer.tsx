import { MESSAGE_TEXT_MAX, postThreadMessageBody } from '@devmarket/contract';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { usePostThreadMessage } from '../api/post-thread-message';

/** The thread's composer: Enter sends, Shift+Enter starts a new line. */
export function Composer({ threadId }: { threadId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const post = usePostThreadMessage(threadId);

  const submit = async () => {
    if (post.isPending) return;
    const parsed = postThreadMessageBody.safeParse({ text });
    if (!parsed.success) {
      // A blank message is simply not sent; only a too-long one needs a word.
      if (text.trim()) setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      await post.mutateAsync(parsed.data.text);
      setText('');
      setError(null);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) console.error('send failed', err);
      setError(
        err instanceof ApiError && err.fieldErrors.text
          ? err.fieldErrors.text
          : err instanceof ApiError && err.status < 500 && err.body?.msg
            ? err.body.msg
            : 'Message not sent. Please try again.',
      );
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-end',
        px: { xs: 1.5, sm: 3 },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <TextField
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        placeholder="Write a message…"
        multiline
        maxRows={6}
        size="small"
        error={Boolean(error)}
        helperText={error ?? undefined}
        // Read-only rather than disabled while sending, so the caret stays for the next message.
        slotProps={{
          htmlInput: { 'aria-label': 'Message', maxLength: MESSAGE_TEXT_MAX + 1, readOnly: post.isPending },
        }}
        sx={{ '& .MuiInputBase-root': { borderRadius: 3 } }}
      />
      <IconButton
        type="submit"
        color="primary"
        aria-label="Send"
        disabled={post.isPending || !text.trim()}
        sx={{ mb: error ? 3 : 0.25 }}
      >
        <SendIcon />
      </IconButton>
    </Box>
  );
}
