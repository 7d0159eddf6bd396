import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields';

/** A password input with a show/hide toggle. */
export function PasswordField<T extends FieldValues>(props: {
  // biome-ignore lint/suspicious/noExplicitAny: see FormTextField
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
  autoComplete?: string;
  helperText?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <FormTextField
      control={props.control}
      name={props.name}
      label={props.label}
      type={shown ? 'text' : 'password'}
      disabled={props.disabled}
      autoComplete={props.autoComplete}
      helperText={props.helperText}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? 'Hide password' : 'Show password'}
                onClick={() => setShown((s) => !s)}
                edge="end"
                size="small"
                disabled={props.disabled}
              >
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
