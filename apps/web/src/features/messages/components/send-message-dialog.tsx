import { postThreadMessageBody, type PublicUser, SEND_MESSAGE_DEFAULT_TEXT } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useSendMessage } from '../api/send-message';

export type SendMessageDialogProps = { open: boolean; onClose: () => void; developer: PublicUser };

/**
 * 'Send Message' dialog of the developer profile (spec §2): a prefilled, auto-growing message;
 * on success the notice 'Message sent' and the thread at /messages?threadID=…. Failures are
 * only logged (spec §8).
 */
export function SendMessageDialog({ open, onClose, developer }: SendMessageDialogProps) {
  const navigate = useNavigate();
  const send = useSendMessage();
  const form = useForm({
    resolver: zodResolver(postThreadMessageBody),
    defaultValues: { text: SEND_MESSAGE_DEFAULT_TEXT },
  });
  const busy = send.isPending;

  useEffect(() => {
    if (open) form.reset({ text: SEND_MESSAGE_DEFAULT_TEXT });
  }, [open, form]);

  const onSubmit = form.handleSubmit(async ({ text }) => {
    try {
      const message = await send.mutateAsync({ to: developer.id, text });
      notify('Message sent');
      onClose();
      navigate(`/messages?threadID=${encodeURIComponent(message.threadID)}`);
    } catch (err) {
      console.error('send message failed', err);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
      aria-labelledby="send-message-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="send-message-title">Send Message</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            Start a conversation with this developer
          </Typography>
          <TextField
            {...form.register('text')}
            label="Message"
            multiline
            minRows={3}
            maxRows={12}
            autoFocus
            disabled={busy}
            error={Boolean(form.formState.errors.text)}
            helperText={form.formState.errors.text?.message}
            sx={{ mt: 0.5 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Send
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
