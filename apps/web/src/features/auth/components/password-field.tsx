import { useState } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields';
import { ShowPasswordButton } from '../../../components/form-page';

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
            <ShowPasswordButton shown={shown} onToggle={() => setShown((s) => !s)} disabled={props.disabled} />
          ),
        },
      }}
    />
  );
}
