import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef } from 'react';
import { formatPrice } from '../lib/format';

/** DESIGN §19: the owner's button on a task in Review ("Approve and pay 100 USDT"). */
export const approvePayLabel = (price: string | null | undefined): string =>
  price ? `Approve and pay ${formatPrice(price)} USDT` : 'Approve';

/** The question before a task goes to Complete (spec §4 "Confirm Complete"): it names payee and amount. */
export function completeQuestion(identifier: string, price: string | null | undefined, payee: string | null): string {
  const who = payee || 'the assignee';
  return price
    ? `Complete ${identifier} and pay ${formatPrice(price)} USDT to ${who}?`
    : `Complete ${identifier}? It has no price, so no payment is made.`;
}

type Props = {
  open: boolean;
  identifier: string;
  price: string | null | undefined;
  payee: string | null;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * "Confirm Complete": the one confirm before paying a task, whether it is dragged to Complete on
 * the board or approved from the task dialog, the task page or the dashboard.
 */
export function ConfirmCompleteDialog({ open, identifier, price, payee, busy, onCancel, onConfirm }: Props) {
  const id = useId();
  const continueRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={id}
      maxWidth="xs"
      fullWidth
      // A keyboard drop hands focus back to the card after this dialog mounted: take it again once open.
      slotProps={{ transition: { onEntered: () => continueRef.current?.focus() } }}
    >
      <DialogTitle id={id}>Confirm Complete</DialogTitle>
      <DialogContent>
        <DialogContentText>{completeQuestion(identifier, price, payee)}</DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          A completed task can no longer be moved.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} loading={busy} autoFocus ref={continueRef}>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
