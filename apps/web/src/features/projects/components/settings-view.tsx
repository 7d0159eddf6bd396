import { type ProjectWithUsers, type UpdateProjectBody, updateProjectBody } from '@devmarket/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteProject } from '../api/delete-project';
import { useUpdateProject } from '../api/update-project';
import { Markdown } from '../../../components/markdown';
import { ProjectTagsField } from './project-tags-field';
import { VisibilitySwitch } from './visibility-switch';
import { registeredField } from './registered-field';

type FormInput = z.input<typeof updateProjectBody>;

/**
 * Project settings (spec §2): the owner edits details and may delete; everyone else sees
 * 'Unauthorized'. `children`: sections other features add (the webhooks), composed by the app.
 */
export function SettingsView({ project, children }: { project: ProjectWithUsers; children?: React.ReactNode }) {
  const user = useCurrentUser();
  if (!user || user.id !== project.ownerID) {
    return (
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
        <LockIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-label="Locked" />
        <Typography variant="h2" sx={{ mt: 1 }}>
          Unauthorized
        </Typography>
        <Typography color="text.secondary">Only the project owner can change its settings.</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: 820 }}>
      <DetailsForm project={project} />
      {children}
      <DangerZone project={project} />
    </Stack>
  );
}

function DetailsForm({ project }: { project: ProjectWithUsers }) {
  const update = useUpdateProject(project.id);
  const [mode, setMode] = useState<'md' | 'preview'>('md');
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<FormInput, unknown, UpdateProjectBody>({
    resolver: zodResolver(updateProjectBody),
    values: {
      name: project.name,
      company: project.company,
      description: project.description,
      visibility: project.visibility,
      tags: project.tags,
    },
  });
  const busy = update.isPending;
  const field = registeredField(register, errors, busy);
  const onSubmit = handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      notify('Changes saved');
    } catch (err) {
      // 422s show under their fields; any other refusal shows its message (issue 28).
      handleFailure(err, (fields) => {
        for (const [field, message] of Object.entries(fields)) setError(field as keyof FormInput, { message });
      });
    }
  });
  return (
    <Paper variant="outlined" component="form" onSubmit={onSubmit} noValidate sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography variant="h3" component="h2" sx={{ mb: 2.5 }}>
        Project Details
      </Typography>
      <Stack spacing={2.5}>
        <TextField label="Project Name" {...field('name')} />
        <TextField
          label="Project Handle"
          value={project.handle}
          slotProps={{ input: { readOnly: true } }}
          helperText="The handle is part of the project's address and cannot be changed."
        />
        <TextField label="Company" {...field('company')} />
        <Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle2" component="span" id="settings-description-heading">
              Description
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={mode}
              onChange={(_e, v: 'md' | 'preview' | null) => v && setMode(v)}
              aria-label="Description mode"
            >
              <ToggleButton value="md">.MD</ToggleButton>
              <ToggleButton value="preview">Preview</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          {mode === 'md' ? (
            <TextField
              // The heading above names the field; a second 'Description' label would repeat it.
              slotProps={{ htmlInput: { 'aria-labelledby': 'settings-description-heading' } }}
              {...field('description', 'Markdown is supported.')}
              multiline
              minRows={8}
              maxRows={24}
            />
          ) : (
            <Paper variant="outlined" sx={{ p: 2, minHeight: 200 }} aria-label="Description preview">
              <Markdown>{watch('description') || '_Nothing to preview yet._'}</Markdown>
            </Paper>
          )}
        </Box>
        <ProjectTagsField control={control} name="tags" disabled={busy} />
        <VisibilitySwitch
          control={control}
          name="visibility"
          disabled={busy}
          label="Private project (only the team can see it)"
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy || !isDirty} loading={busy}>
            Save Changes
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function DangerZone({ project }: { project: ProjectWithUsers }) {
  const [open, setOpen] = useState(false);
  const del = useDeleteProject(project.id);
  const navigate = useNavigate();
  const onDelete = async () => {
    try {
      await del.mutateAsync();
      setOpen(false);
      notify('Project deleted', { text: `${project.name} has been deleted.` });
      navigate('/');
    } catch (err) {
      setOpen(false);
      handleFailure(err);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderColor: 'error.light' }}>
      <Typography variant="h3" component="h2" color="error" sx={{ mb: 1 }}>
        Danger Zone
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="text.secondary">
          Deleting the project removes its tasks, files and comments for everyone. This cannot be undone.
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)} sx={{ flexShrink: 0 }}>
          Delete Project
        </Button>
      </Stack>
      <Dialog open={open} onClose={() => !del.isPending && setOpen(false)} aria-labelledby="delete-project-title">
        <DialogTitle id="delete-project-title">Delete {project.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The project, its tasks, files and comments will be deleted for every member. Projects whose tasks hold
            escrowed funds cannot be deleted.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={del.isPending}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={onDelete} loading={del.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
