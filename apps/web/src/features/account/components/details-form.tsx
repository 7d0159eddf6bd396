import { AUTH_MSG, accountDetailsForm, type AccountDetailsForm, type Me } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors, FormTextField } from '../../../components/form-fields';
import { TagsInput } from '../../../components/tags-input';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUpdateUser } from '../../../lib/update-user';
import { AccountForm } from './account-form';

const FIELDS = ['firstName', 'lastName', 'location', 'timezone', 'title', 'tags', 'about'] as const;

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** User details: firstName, lastName, location, timezone (a real picker), title, tags, about. */
export function DetailsForm({ me }: { me: Me }) {
  const update = useUpdateUser();
  const zones = useMemo(timeZones, []);
  const { control, handleSubmit, setError, formState, reset } = useForm<
    AccountDetailsForm,
    unknown,
    z.output<typeof accountDetailsForm>
  >({
    resolver: zodResolver(accountDetailsForm),
    defaultValues: {
      firstName: me.firstName,
      lastName: me.lastName,
      location: me.location ?? '',
      timezone: me.timezone ?? '',
      title: me.title ?? '',
      tags: me.tags,
      about: me.about ?? '',
    },
  });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const fresh = await update.mutateAsync(values);
      reset(values);
      void fresh;
      notify(AUTH_MSG.accountUpdated);
    } catch (err) {
      handleFailure(err, (errors) => applyFieldErrors(setError, errors, FIELDS, { rename: { 'tags.0': 'tags' } }));
    }
  });

  return (
    <AccountForm label="User details" onSubmit={onSubmit} busy={busy} submitLabel="Save Changes">
      <FormTextField control={control} name="firstName" label="First Name" autoComplete="given-name" disabled={busy} />
      <FormTextField control={control} name="lastName" label="Last Name" autoComplete="family-name" disabled={busy} />
      <FormTextField control={control} name="location" label="Location" placeholder="City, Country" disabled={busy} />
      <Controller
        control={control}
        name="timezone"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={zones}
            value={field.value || null}
            onChange={(_e, v) => field.onChange(v ?? '')}
            disabled={busy}
            autoHighlight
            renderInput={(params) => (
              <TextField
                {...params}
                label="Timezone"
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
      />
      <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
        <FormTextField
          control={control}
          name="title"
          label="Title"
          placeholder="e.g. Senior Full-Stack Developer"
          disabled={busy}
        />
      </Box>
      <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <TagsInput
              id="account-tags"
              value={Array.isArray(field.value) ? field.value : field.value.split(',').filter(Boolean)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={busy}
              error={fieldState.error?.message}
              helperText={
                me.type === 'Developer'
                  ? 'Your skills: clients find you by them and projects that need them are recommended to you. Type your own and press Enter.'
                  : 'What you hire for. Type your own and press Enter.'
              }
            />
          )}
        />
      </Box>
      <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
        <FormTextField control={control} name="about" label="About" multiline minRows={3} disabled={busy} />
      </Box>
    </AccountForm>
  );
}
