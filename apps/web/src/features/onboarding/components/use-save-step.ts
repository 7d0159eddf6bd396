import type { UpdateUserBody } from '@devmarket/contract';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyFieldErrors } from '../../../components/form-fields';
import { handleFailure } from '../../../lib/api-client';
import { useUpdateUser } from '../../../lib/update-user';

/** A step's submit: saves the form as the user's details, then `onDone`; a 422 shows under `fields`. */
export function useSaveStep<T extends FieldValues, Out extends UpdateUserBody>(
  { handleSubmit, setError }: Pick<UseFormReturn<T, unknown, Out>, 'handleSubmit' | 'setError'>,
  fields: readonly Path<T>[],
  onDone: () => void,
) {
  const update = useUpdateUser();
  return handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      onDone();
    } catch (err) {
      handleFailure(err, (errors) => applyFieldErrors(setError, errors, fields));
    }
  });
}
