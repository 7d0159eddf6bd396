import type { ProjectWithUsers } from '@devmarket/contract';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { useCreateTask } from '../api/create-task';
import { projectTasksQueryOptions } from '../api/get-project-tasks';
import { FileDropZone } from './file-drop-zone';
import { useHoldConfirm } from './hold-confirm';
import { createBodyFrom, emptyTaskForm, showTaskFormFailure, TaskForm, type TaskFormValues } from './task-form';
import { TaskPanel } from './task-panel';
import { UploadQueue } from './upload-queue';
import { useUploadQueue } from './use-upload-queue';

export type TaskDialogState = { mode: 'create' } | { mode: 'view'; taskId: string } | null;
export type TaskDialogProps = { project: ProjectWithUsers; state: TaskDialogState; onClose: () => void };

/** Create / view / edit dialog of a task (spec §2, §4), at most 800 px wide; full screen on phones. */
export function TaskDialog({ project, state, onClose }: TaskDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // After a task is created the dialog shows it, with its files.
  const [createdId, setCreatedId] = useState<string | null>(null);
  useEffect(() => {
    if (!state) setCreatedId(null);
  }, [state]);
  const viewId = state?.mode === 'view' ? state.taskId : createdId;

  return (
    <Dialog
      open={!!state}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth={false}
      aria-labelledby={viewId ? undefined : 'task-dialog-title'}
      // MUI puts aria-labelledby on the dialog element but aria-label on the backdrop root: name the paper.
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 800 }, 'aria-label': viewId ? 'Task' : undefined } }}
    >
      {state && viewId ? (
        <TaskPanel project={project} taskId={viewId} onClose={onClose} />
      ) : state ? (
        <CreateTask project={project} onClose={onClose} onCreated={setCreatedId} />
      ) : null}
    </Dialog>
  );
}

function CreateTask({
  project,
  onClose,
  onCreated,
}: {
  project: ProjectWithUsers;
  onClose: () => void;
  onCreated: (taskId: string) => void;
}) {
  const qc = useQueryClient();
  const form = useForm<TaskFormValues>({ defaultValues: emptyTaskForm() });
  const create = useCreateTask(project.id);
  const queue = useUploadQueue();
  const [uploading, setUploading] = useState(false);
  const busy = create.isPending || uploading;
  const me = useCurrentUser();
  const isOwner = me?.id === project.ownerID;
  const hold = useHoldConfirm(project, null, isOwner);

  const save = (values: TaskFormValues) =>
    create.mutate(createBodyFrom(project.id, values), {
      onSuccess: async ({ id, identifier }) => {
        notify('Task Created', { text: `Task ${identifier} added to project` });
        // Queued files go up one by one now that the task exists (spec §4).
        setUploading(true);
        await queue.uploadAll(id);
        setUploading(false);
        void qc.invalidateQueries({ queryKey: projectTasksQueryOptions(project.id).queryKey });
        onCreated(id);
      },
      onError: (err) => showTaskFormFailure(err, form),
    });
  const submit = form.handleSubmit((values) => hold.guard(values, null, () => save(values)));

  return (
    <>
      <DialogTitle id="task-dialog-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          Create Task
        </Box>
        <IconButton aria-label="Close" onClick={onClose} disabled={busy}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <TaskForm
          form={form}
          project={project}
          disabled={busy}
          onSubmit={submit}
          id="task-create-form"
          isOwner={isOwner}
        >
          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              Files
            </Typography>
            <FileDropZone onFiles={queue.add} disabled={busy} />
            <UploadQueue items={queue.items} onRemove={busy ? undefined : queue.remove} />
          </Box>
        </TaskForm>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form="task-create-form" variant="contained" loading={busy}>
          Create Task
        </Button>
      </DialogActions>
      {hold.dialog}
    </>
  );
}
