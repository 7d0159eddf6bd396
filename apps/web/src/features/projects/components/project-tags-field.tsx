import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { TagsInput } from '../../../components/tags-input';

const toList = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : (value ?? '').split(',')).map((t) => t.trim()).filter(Boolean);

/**
 * The project's skills, stored as the API's comma-separated `tags` ("React,Solidity"): what the
 * Tags filter of Find Projects matches, what recommendations match developers by (DESIGN §17)
 * and what an owner may endorse in a review. Open tags (DESIGN §19).
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
        <TagsInput
          value={toList(field.value)}
          onChange={(list) => field.onChange(list.join(','))}
          onBlur={field.onBlur}
          disabled={disabled}
          error={fieldState.error?.message}
          helperText="Skills the work needs: developers find the project and get it recommended by them. Type your own and press Enter."
        />
      )}
    />
  );
}
