import type { TaskSummary } from '@devmarket/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRef } from 'react';
import { fullName } from './person-avatar';

export type PendingMove = { task: TaskSummary; to: 'Review' | 'Complete' };

/** 'Confirm Review' / 'Confirm Complete' (spec §4): the move is saved only on Continue. */
export function ConfirmMoveDialog({
  pending,
  onCancel,
  onContinue,
}: {
  pending: PendingMove | null;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const task = pending?.task;
  const title = pending?.to === 'Complete' ? 'Confirm Complete' : 'Confirm Review';
  let text = '';
  if (task && pending?.to === 'Review') text = `Move ${task.identifier} to Review?`;
  if (task && pending?.to === 'Complete') {
    const who = task.Assignee ? fullName(task.Assignee) : 'the assignee';
    text = task.price
      ? `Complete ${task.identifier} and pay ${task.price} USDT to ${who}?`
      : `Complete ${task.identifier}? It has no price, so no payment is made.`;
  }
  const continueRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={!!pending}
      onClose={onCancel}
      aria-labelledby="confirm-move-title"
      maxWidth="xs"
      fullWidth
      // A keyboard drop hands focus back to the card after this dialog mounted: take it again once open.
      slotProps={{ transition: { onEntered: () => continueRef.current?.focus() } }}
    >
      <DialogTitle id="confirm-move-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {pending?.to === 'Complete' && (
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            A completed task can no longer be moved.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onContinue} autoFocus ref={continueRef}>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
