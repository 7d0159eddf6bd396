import { TAGS } from '@devmarket/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

const toList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * The project's skills, stored as the API's comma-separated `tags` ("React,Node"): what the Tags
 * filter of Find Projects matches and what an owner may endorse in a review.
 */
export function ProjectTagsField<T extends FieldValues>({
  control,
  name,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={TAGS as readonly string[]}
          value={toList(field.value)}
          onChange={(_e, list) => field.onChange(list.join(','))}
          onBlur={field.onBlur}
          disabled={disabled}
          disableCloseOnSelect
          renderValue={(list, getItemProps) =>
            list.map((tag, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} label={tag} size="small" {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="Tags"
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Skills the work needs; developers filter projects by them.'}
            />
          )}
        />
      )}
    />
  );
}
