import type { TaskSummary } from '@devmarket/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRef } from 'react';
import { ConfirmCompleteDialog } from '../../../components/approve-pay';
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
  const continueRef = useRef<HTMLButtonElement>(null);
  if (task && pending?.to === 'Complete') {
    return (
      <ConfirmCompleteDialog
        open
        identifier={task.identifier}
        price={task.price}
        payee={task.Assignee ? fullName(task.Assignee) : null}
        onCancel={onCancel}
        onConfirm={onContinue}
      />
    );
  }
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
      <DialogTitle id="confirm-move-title">Confirm Review</DialogTitle>
      <DialogContent>
        <DialogContentText>{task ? `Move ${task.identifier} to Review?` : ''}</DialogContentText>
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
