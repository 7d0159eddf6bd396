import { type ProjectWithUsers, type Task, TASK_DUE_DEFAULT_HOUR, TASK_MSG } from '@devmarket/contract';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { type ReactNode, useRef } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ApiError, handleFailure } from '../../../lib/api-client';
import { displayTimeZone, PICKER_DATE_FORMAT } from '../../../lib/format';
import { MarkdownField } from './markdown-field';
import { fullName } from './person-avatar';

export type TaskFormValues = {
  summary: string;
  description: string;
  assigneeID: string;
  price: string;
  dueDate: Dayjs | null;
};

export const TASK_FORM_FIELDS = ['summary', 'description', 'assigneeID', 'price', 'dueDate'] as const;

export const emptyTaskForm = (): TaskFormValues => ({
  summary: '',
  description: '',
  assigneeID: '',
  price: '',
  dueDate: null,
});

export const taskToForm = (t: Task): TaskFormValues => ({
  summary: t.summary,
  description: t.description,
  assigneeID: t.assigneeID ?? '',
  price: t.price ?? '',
  dueDate: t.dueDate ? dayjs(t.dueDate).tz(displayTimeZone()) : null,
});

/**
 * Spec §5: the client does no checks. DESIGN §19: a blank price is "no price" (absent on create,
 * null on update); anything typed goes out, so "0" or "-5" is refused by the server with its
 * message under the field instead of silently creating an unpriced task.
 */
const priceIsSet = (v: string) => v.trim() !== '';

export function createBodyFrom(projectID: string, v: TaskFormValues) {
  return {
    projectID,
    summary: v.summary,
    description: v.description,
    assigneeID: v.assigneeID || null,
    dueDate: v.dueDate?.isValid() ? v.dueDate.toISOString() : null,
    ...(priceIsSet(v.price) ? { price: v.price.trim() } : {}),
  };
}

/** On update a blank price is sent as null (no price). */
export function updateBodyFrom(v: TaskFormValues) {
  return {
    summary: v.summary,
    description: v.description,
    assigneeID: v.assigneeID || null,
    dueDate: v.dueDate?.isValid() ? v.dueDate.toISOString() : null,
    price: priceIsSet(v.price) ? v.price.trim() : null,
  };
}

/**
 * Puts the server's answer next to the fields: a 422's per-field messages, and the 403 of DESIGN §8
 * ("Only the project owner can fund a priced task") under the assignee, without a toast.
 */
export function showTaskFormFailure(err: unknown, form: UseFormReturn<TaskFormValues>) {
  if (err instanceof ApiError && err.status === 403 && err.body?.msg) {
    console.error(err);
    form.setError('assigneeID', { message: err.body.msg });
    return;
  }
  handleFailure(err, (errors) => {
    for (const f of TASK_FORM_FIELDS) if (errors[f]) form.setError(f, { message: errors[f] });
  });
}

// The pickers work in the user's timezone (from /account, else the browser's), like every date shown.
dayjs.extend(utc);
dayjs.extend(timezone);

export const DUE_DATE_INCOMPLETE = 'Enter the whole date, for example 23 Nov 2026';

/**
 * The due date is two fields, a date and a time (DESIGN §13): a date typed from the keyboard with
 * no time keeps the default 18:00 (spec §9) instead of being an incomplete date that is dropped.
 * Choosing a date keeps the time already set, else 18:00; the time applies to the chosen date.
 */
export function withDate(current: Dayjs | null, date: Dayjs | null): Dayjs | null {
  if (!date?.isValid()) return date;
  const time = current?.isValid() ? current : null;
  return date
    .hour(time ? time.hour() : TASK_DUE_DEFAULT_HOUR)
    .minute(time ? time.minute() : 0)
    .second(0)
    .millisecond(0);
}

export function withTime(current: Dayjs | null, time: Dayjs | null): Dayjs | null {
  if (!current?.isValid() || !time?.isValid()) return current;
  return current.hour(time.hour()).minute(time.minute()).second(0).millisecond(0);
}

type Props = {
  form: UseFormReturn<TaskFormValues>;
  project: ProjectWithUsers;
  disabled: boolean;
  onSubmit: () => void;
  id: string;
  /** Funding is the owner's act (DESIGN §8): others may price an unassigned task or assign an unpriced one. */
  isOwner: boolean;
  children?: ReactNode;
};

/** The task's terms: summary, markdown description, assignee from the team, price in USDT, due date. */
export function TaskForm({ form, project, disabled, onSubmit, id, isOwner, children }: Props) {
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = form;
  const priced = Number(watch('price') ?? '') > 0;
  const assigned = !!watch('assigneeID');
  // A member may fill one of the two; the other then waits for the owner.
  const lockAssignee = !isOwner && priced && !assigned;
  const lockPrice = !isOwner && assigned && !priced;
  // The picker's hidden input holds what was typed: a part-typed date has text there but no value.
  const dueInput = useRef<HTMLInputElement>(null);
  return (
    <Box
      component="form"
      id={id}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <TextField
        label="Summary"
        autoFocus
        disabled={disabled}
        error={!!errors.summary}
        helperText={errors.summary?.message}
        {...register('summary')}
      />
      <Controller
        control={control}
        name="description"
        render={({ field }) => (
          <MarkdownField
            label="Description"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            error={errors.description?.message}
          />
        )}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          control={control}
          name="assigneeID"
          render={({ field }) => (
            <TextField
              select
              label="Assignee"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              disabled={disabled || lockAssignee}
              error={!!errors.assigneeID}
              helperText={
                errors.assigneeID?.message ?? (lockAssignee ? TASK_MSG.ownerFunds : 'Picked from the project team')
              }
            >
              <MenuItem value="">
                <em>Unassigned</em>
              </MenuItem>
              {project.users.map((u) => (
                // The owner never takes a priced task of their own (DESIGN §8).
                <MenuItem key={u.userID} value={u.userID} disabled={priced && u.userID === project.ownerID}>
                  {fullName(u.user)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="Price"
          disabled={disabled || lockPrice}
          error={!!errors.price}
          helperText={
            errors.price?.message ??
            (lockPrice ? TASK_MSG.ownerFunds : 'Held in escrow from the owner once assigned, paid on completion')
          }
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">USDT</InputAdornment> },
          }}
          {...register('price')}
        />
        <Controller
          control={control}
          name="dueDate"
          rules={{
            validate: (v) => {
              if (v) return v.isValid() || DUE_DATE_INCOMPLETE;
              return !dueInput.current?.value || DUE_DATE_INCOMPLETE;
            },
          }}
          render={({ field }) => (
            <LocalizationProvider dateAdapter={AdapterDayjs}>
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1.4fr 1fr', gridColumn: { sm: '1 / -1' } }}>
                <DatePicker
                  label="Due date"
                  value={field.value}
                  timezone={displayTimeZone()}
                  format={PICKER_DATE_FORMAT}
                  onChange={(v) => field.onChange(withDate(field.value, v))}
                  disabled={disabled}
                  slotProps={{
                    textField: {
                      error: !!errors.dueDate,
                      helperText: errors.dueDate?.message ?? `Time defaults to ${TASK_DUE_DEFAULT_HOUR}:00`,
                      fullWidth: true,
                      onBlur: field.onBlur,
                      inputRef: dueInput,
                    },
                    actionBar: { actions: ['clear', 'accept'] },
                  }}
                />
                <TimePicker
                  label="Due time"
                  value={field.value?.isValid() ? field.value : null}
                  timezone={displayTimeZone()}
                  onChange={(v) => field.onChange(withTime(field.value, v))}
                  disabled={disabled || !field.value?.isValid()}
                  ampm={false}
                  slotProps={{ textField: { fullWidth: true } }}
                />
              </Box>
            </LocalizationProvider>
          )}
        />
      </Box>
      {children}
    </Box>
  );
}
