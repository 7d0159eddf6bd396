import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** The Public/Private switch of the new-project dialog and the settings form (DESIGN §4 visibility). */
export function VisibilitySwitch<T extends FieldValues>({
  control,
  name,
  disabled,
  label,
}: {
  control: Control<T>;
  name: Path<T>;
  disabled: boolean;
  label: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={field.value === 'Private'}
              onChange={(e) => field.onChange(e.target.checked ? 'Private' : 'Public')}
              disabled={disabled}
            />
          }
          label={label}
        />
      )}
    />
  );
}
