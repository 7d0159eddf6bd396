import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';

/**
 * The pieces every form page repeats: the heading, the submit button with its spinner and the
 * password input's show/hide button. Plain MUI, no form library: the login page loads them first.
 */

/** A form page's or step's title (the page's h1) and the line under it. */
export function PageHeading({
  title,
  titleGap = 0.5,
  children,
}: {
  title: React.ReactNode;
  /** Space under the title (theme units). */
  titleGap?: number;
  children: React.ReactNode;
}) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: titleGap }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {children}
      </Typography>
    </>
  );
}

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

/** The end of a password input: shows or hides what was typed. */
export function ShowPasswordButton({
  shown,
  onToggle,
  disabled,
}: {
  shown: boolean;
  onToggle: () => void;
  disabled?: boolean;
}) {
  return (
    <InputAdornment position="end">
      <IconButton
        aria-label={shown ? 'Hide password' : 'Show password'}
        onClick={onToggle}
        edge="end"
        size="small"
        disabled={disabled}
      >
        {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );
}
