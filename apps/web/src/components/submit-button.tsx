import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A form's submit button: disabled while `busy` (and whenever `disabled`), a spinner while busy. */
export function SubmitButton({ busy, disabled, ...props }: Omit<ButtonProps, 'type'> & { busy: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={disabled || busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
      {...props}
    />
  );
}
