import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';

// biome-ignore lint/suspicious/noExplicitAny: forms with a transforming resolver have another output type
type AnyControl<T extends FieldValues> = Control<T, any, any>;
type Props<T extends FieldValues> = { control: AnyControl<T>; name: Path<T> } & Omit<TextFieldProps, 'name'>;

/** A MUI text field bound to react-hook-form: its error shows under the field. */
export function FormTextField<T extends FieldValues>({ control, name, helperText, ...props }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, disabled: _d, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          {...props}
          value={value ?? ''}
          inputRef={ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/**
 * Puts a 422's per-field messages under the form's fields. `rename` maps server fields onto form
 * fields (sign-up's firstName → name); messages for unknown fields go to `fallback`.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  errors: Record<string, string>,
  fields: readonly Path<T>[],
  opts: { rename?: Record<string, Path<T>>; fallback?: Path<T> } = {},
): void {
  for (const [key, message] of Object.entries(errors)) {
    const target = opts.rename?.[key] ?? (fields.includes(key as Path<T>) ? (key as Path<T>) : opts.fallback);
    if (target) setError(target, { type: 'server', message }, { shouldFocus: true });
  }
}
