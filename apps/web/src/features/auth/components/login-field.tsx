import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

/** An outlined text field from its parts: MUI's TextField would bring Select and Menu into the first load. */
export function LoginField(
  props: { label: string; error?: string; inputRef: React.Ref<HTMLInputElement> } & Omit<OutlinedInputProps, 'error'>,
) {
  const { label, error, inputRef, ...input } = props;
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth error={Boolean(error)} disabled={input.disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputRef={inputRef}
        inputProps={{ 'aria-describedby': error ? `${id}-error` : undefined, 'aria-invalid': Boolean(error) }}
      />
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
