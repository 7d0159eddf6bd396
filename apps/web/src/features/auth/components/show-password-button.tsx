import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';

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
