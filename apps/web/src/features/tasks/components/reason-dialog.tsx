import type { TaskSummary } from '@devmarket/contract';
import { REASON_MAX } from '@devmarket/contract/task-rules';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useTaskAction } from '../api/task-actions';

export type ReasonKind = 'request-changes' | 'dispute';

const TEXTS: Record<ReasonKind, { title: string; intro: string; submit: string; done: string }> = {
  'request-changes': {
    title: 'Request changes',
    intro: 'The task goes back to In Progress and the review window stops. Say what needs to change:',
    submit: 'Request changes',
    done: 'Changes requested',
  },
  dispute: {
    title: 'Open dispute',
    intro:
      'The money held for this task is frozen until DevMarket staff decide how it is paid out. Say what went wrong:',
    submit: 'Open dispute',
    done: 'Dispute opened',
  },
};

type Props = {
  kind: ReasonKind;
  projectId: string;
  task: Pick<TaskSummary, 'id' | 'identifier'>;
  onClose: () => void;
};

/** Asks for the reason (1–1,000 characters) of a change request or a dispute and sends it (DESIGN §8). */
export default function ReasonDialog({ kind, projectId, task, onClose }: Props) {
  const id = useId();
  const texts = TEXTS[kind];
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const action = useTaskAction(projectId, task.id);
  const submit = () => {
    setError(undefined);
    action.mutate(
      { kind, body: { reason } },
      {
        onSuccess: () => {
          notify(texts.done, { text: task.identifier });
          onClose();
        },
        onError: (err) => handleFailure(err, (errors) => setError(errors.reason)),
      },
    );
  };
  return (
    <Dialog open onClose={action.isPending ? undefined : onClose} aria-labelledby={id} maxWidth="sm" fullWidth>
      <DialogTitle id={id}>
        {texts.title} · {task.identifier}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{texts.intro}</DialogContentText>
        <TextField
          label="Reason"
          required
          autoFocus
          fullWidth
          multiline
          minRows={3}
          maxRows={10}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          disabled={action.isPending}
          error={!!error}
          helperText={error ?? `${reason.length} / ${REASON_MAX.toLocaleString('en')} characters`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={action.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          loading={action.isPending}
          color={kind === 'dispute' ? 'error' : 'primary'}
        >
          {texts.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
