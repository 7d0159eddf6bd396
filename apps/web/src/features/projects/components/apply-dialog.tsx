import { APPLICATION_MESSAGE_MAX, applyBody, ERROR_CODES, PROJECT_MSG } from '@devmarket/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError, handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useApplyToProject } from '../api/apply-to-project';

export type ApplyDialogProps = {
  open: boolean;
  projectId: string;
  projectName: string;
  onClose: () => void;
  onApplied: () => void;
};

/** Apply with a message: live n/400 counter, Send disabled until valid (spec §2, §5). */
export function ApplyDialog({ open, projectId, projectName, onClose, onApplied }: ApplyDialogProps) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const apply = useApplyToProject(projectId);
  const check = applyBody.safeParse({ message });
  const tooLong = message.length > APPLICATION_MESSAGE_MAX;
  const busy = apply.isPending;

  const send = async () => {
    if (!check.success || busy) return;
    try {
      await apply.mutateAsync(check.data.message);
      notify(PROJECT_MSG.applied);
      setMessage('');
      onApplied();
    } catch (err) {
      if (err instanceof ApiError && err.body?.code === ERROR_CODES.alreadyApplied) {
        console.error(err);
        notify(PROJECT_MSG.alreadyApplied, { variant: 'warning' });
        onApplied();
        return;
      }
      handleFailure(err, (errors) => setError(errors.message ?? ''));
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="apply-title">
      <DialogTitle id="apply-title">Apply to {projectName}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Tell the client why you are a good fit: relevant experience, availability and how you would start.
        </Typography>
        <TextField
          label="Message"
          multiline
          minRows={5}
          autoFocus
          value={message}
          disabled={busy}
          onChange={(e) => {
            setMessage(e.target.value);
            setError('');
          }}
          error={tooLong || !!error}
          helperText={
            <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <span>{error || (tooLong ? PROJECT_MSG.applicationTooLong : '')}</span>
              <span aria-live="polite">
                {message.length}/{APPLICATION_MESSAGE_MAX}
              </span>
            </span>
          }
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={send} disabled={!check.success || busy} loading={busy}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
