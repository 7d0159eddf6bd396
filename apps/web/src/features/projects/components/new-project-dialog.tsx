import { type CreateProjectBody, createProjectBody } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { handleFailure } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { paths } from '../../../app/paths';
import { useCreateProject } from '../api/create-project';
import { ProjectTagsField } from './project-tags-field';
import { VisibilitySwitch } from './visibility-switch';
import { registeredField } from './registered-field';

type FormInput = z.input<typeof createProjectBody>;

export type NewProjectDialogProps = {
  open: boolean;
  /** Without it the dialog cannot be dismissed (the guest workspace, spec §2). */
  onClose?: () => void;
  /** What a guest (or a client yet to confirm the e-mail) does first: sign up or log in, composed in src/app. */
  guestAuth: ReactNode;
};

/** The New Project dialog (spec §2): guests sign up or log in first; on create, off to the workspace. */
export function NewProjectDialog({ open, onClose, guestAuth }: NewProjectDialogProps) {
  const user = useCurrentUser();
  // What is typed is never thrown away without asking (Escape, a click outside, Cancel).
  const [dirty, setDirty] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const requestClose = onClose
    ? () => {
        if (dirty) setConfirmDiscard(true);
        else onClose();
      }
    : undefined;
  return (
    <Dialog open={open} onClose={requestClose} fullWidth maxWidth="sm" aria-labelledby="new-project-title">
      <DialogTitle id="new-project-title">{!user?.emailVerified ? 'Create your account' : 'New Project'}</DialogTitle>
      {!user?.emailVerified ? (
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Sign up or log in to create a project and start hiring vetted developers.
          </Typography>
          {guestAuth}
        </DialogContent>
      ) : user.type !== 'Client' ? (
        <>
          <DialogContent>
            <Alert severity="info">Only client accounts can create projects. Find a project to join instead.</Alert>
          </DialogContent>
          <DialogActions>{onClose && <Button onClick={onClose}>Close</Button>}</DialogActions>
        </>
      ) : (
        <NewProjectForm onCancel={requestClose} onDirtyChange={setDirty} />
      )}
      <Dialog
        open={confirmDiscard}
        onClose={() => setConfirmDiscard(false)}
        aria-labelledby="discard-project-title"
        maxWidth="xs"
      >
        <DialogTitle id="discard-project-title">Discard this project?</DialogTitle>
        <DialogContent>
          <Typography>What you typed will be lost.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDiscard(false)} autoFocus>
            Keep editing
          </Button>
          <Button
            color="error"
            onClick={() => {
              setConfirmDiscard(false);
              onClose?.();
            }}
          >
            Discard
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}

function NewProjectForm({
  onCancel,
  onDirtyChange,
}: {
  onCancel?: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const navigate = useNavigate();
  const create = useCreateProject();
  // One submit creates one project: a second Enter or click while the first is on its way is ignored.
  const submitting = useRef(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isValid, isDirty },
  } = useForm<FormInput, unknown, CreateProjectBody>({
    resolver: zodResolver(createProjectBody),
    mode: 'onChange',
    defaultValues: { name: '', company: '', description: '', visibility: 'Public', tags: '' },
  });
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const busy = create.isPending;
  const field = registeredField(register, errors, busy);
  const onSubmit = async (e?: React.BaseSyntheticEvent) => {
    e?.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    let created = false;
    await handleSubmit(async (body) => {
      try {
        const project = await create.mutateAsync(body);
        created = true;
        onDirtyChange(false);
        navigate(paths.project.href(project.handle));
      } catch (err) {
        handleFailure(err, (fieldErrors) => {
          for (const [field, message] of Object.entries(fieldErrors)) {
            setError(field as keyof FormInput, { message });
          }
        });
      }
    })(e);
    // Refused (invalid or answered 4xx): the person may correct it and submit again.
    if (!created) submitting.current = false;
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField label="Project Name" {...field('name')} autoFocus />
          <TextField label="Company" {...field('company')} />
          <TextField
            label="Description"
            {...field('description', 'Markdown is supported.')}
            multiline
            minRows={5}
            maxRows={14}
            onKeyDown={(e) => {
              // Enter submits from the one-line fields; in the description it adds a line (Ctrl+Enter submits).
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void onSubmit();
            }}
          />
          <ProjectTagsField control={control} name="tags" disabled={busy} />
          <VisibilitySwitch
            control={control}
            name="visibility"
            disabled={busy}
            label={
              <span>
                Private project
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  Only your team sees it. Public projects are listed and open to applications.
                </Typography>
              </span>
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={!isValid || busy}>
          Create Project
        </Button>
      </DialogActions>
    </form>
  );
}
