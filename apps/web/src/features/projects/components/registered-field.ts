import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';

/**
 * The project forms' text fields (New Project, settings): `field('name')` gives a TextField the
 * registered input, `disabled` while saving, and the field's error under it (or `helperText`).
 */
export function registeredField<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  disabled: boolean,
) {
  return (name: Path<T>, helperText?: string) => {
    const message = errors[name]?.message;
    return {
      ...register(name),
      disabled,
      error: Boolean(errors[name]),
      helperText: typeof message === 'string' ? message : helperText,
    };
  };
}
