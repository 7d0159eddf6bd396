import type { ProjectWithUsers, Task } from '@devmarket/contract';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Markdown } from '../../../components/markdown';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { useTask } from '../api/get-task';
import { useUpdateTask } from '../api/update-task';
import { DueDateLabel } from './due-date-label';
import { EscrowChips } from './escrow-chips';
import { useHoldConfirm } from './hold-confirm';
import { fullName, PersonAvatar } from './person-avatar';
import { ReviewSection } from './review-section';
import { StageChip } from './stage-chip';
import { TaskComments } from './task-comments';
import { TaskEscrowActions } from './task-escrow-actions';
import { showTaskFormFailure, TaskForm, type TaskFormValues, taskToForm, updateBodyFrom } from './task-form';
import { TaskFiles } from './task-files';
import { formatDateTime, formatUsdt } from '../../../lib/format';

type Props = {
  project: ProjectWithUsers;
  taskId: string;
  /** Shown when the task is opened by id (dialog); not on the task page. */
  onClose?: () => void;
  /** Extra content under the title, e.g. the link back to the project. */
  header?: ReactNode;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 28, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

/** A task in view or edit mode (spec §4): edit is offered only while it has no assignee. */
export function TaskPanel({ project, taskId, onClose, header }: Props) {
  const me = useCurrentUser();
  const isOwner = !!me && me.id === project.ownerID;
  const isMember = !!me && (isOwner || project.users.some((u) => u.userID === me.id));
  const { data: task, isPending, isError } = useTask(taskId);
  const hold = useHoldConfirm(project, task?.identifier ?? null, isOwner);
  const [editing, setEditing] = useState(false);
  const form = useForm<TaskFormValues>();
  const update = useUpdateTask(project.id, taskId);

  useEffect(() => {
    if (!editing && task) form.reset(taskToForm(task));
  }, [editing, task, form]);

  const canEdit = isMember && !!task && !task.assigneeID;

  const send = (values: TaskFormValues) =>
    update.mutate(updateBodyFrom(values), {
      onSuccess: (saved: Task) => {
        notify('Task Updated', { text: `Task ${saved.identifier} has been updated` });
        // The task leaves edit mode once an assignee exists (spec §4).
        if (saved.assigneeID) setEditing(false);
        else form.reset(taskToForm(saved));
      },
      onError: (err) => showTaskFormFailure(err, form),
    });
  const save = form.handleSubmit((values) => hold.guard(values, task?.assigneeID ?? null, () => send(values)));

  const closeButton = onClose && (
    <IconButton aria-label="Close" onClick={onClose} sx={{ ml: 'auto' }}>
      <CloseIcon />
    </IconButton>
  );

  if (isPending) {
    return (
      <Box sx={{ p: 3 }} role="status" aria-label="Loading task">
        <Box sx={{ display: 'flex' }}>
          <Skeleton width={120} />
          {closeButton}
        </Box>
        <Skeleton variant="text" sx={{ fontSize: '1.6rem' }} />
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (isError || !task) {
    return (
      <Box sx={{ p: 3 }}>
        <Box sx={{ display: 'flex' }}>{closeButton}</Box>
        <Alert severity="error">This task could not be loaded.</Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ color: 'text.secondary', fontWeight: 700 }}>
          {task.identifier}
        </Typography>
        <StageChip stage={task.stage} />
        <EscrowChips task={task} size="medium" />
        {closeButton}
      </Box>
      {header}
      {editing ? (
        <>
          <TaskForm
            form={form}
            project={project}
            disabled={update.isPending}
            onSubmit={save}
            id="task-edit-form"
            isOwner={isOwner}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button onClick={() => setEditing(false)} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="task-edit-form" variant="contained" loading={update.isPending}>
              Save
            </Button>
          </Box>
        </>
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Typography component="h2" variant="h3" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
              {task.summary}
            </Typography>
            {canEdit && (
              <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)} variant="outlined" size="small">
                Edit
              </Button>
            )}
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            <Fact label="Assignee">
              {task.Assignee ? (
                <>
                  <PersonAvatar person={task.Assignee} size={28} />
                  <Typography variant="body2" noWrap>
                    {fullName(task.Assignee)}
                  </Typography>
                </>
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Unassigned
                </Typography>
              )}
            </Fact>
            <Fact label="Reporter">
              <PersonAvatar person={task.Reporter} size={28} />
              <Typography variant="body2" noWrap>
                {fullName(task.Reporter)}
              </Typography>
            </Fact>
            <Fact label="Price">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {task.price ? formatUsdt(task.price) : 'No price'}
              </Typography>
            </Fact>
            <Fact label="Due date">
              {task.dueDate ? (
                <Box>
                  <Typography variant="body2">{formatDateTime(task.dueDate)}</Typography>
                  {task.stage !== 'Complete' && <DueDateLabel dueDate={task.dueDate} />}
                </Box>
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  None
                </Typography>
              )}
            </Fact>
          </Box>
          <TaskEscrowActions
            project={project}
            task={task}
            isOwner={isOwner}
            isAssignee={!!me && me.id === task.assigneeID}
          />
          <Section title="Description">
            {task.description.trim() ? (
              <Markdown>{task.description}</Markdown>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                No description
              </Typography>
            )}
          </Section>
        </>
      )}
      {task.stage === 'Complete' && task.price && (
        <>
          <Divider />
          <Section title="Reviews">
            <ReviewSection task={task} ownerId={project.ownerID} meId={me?.id} />
          </Section>
        </>
      )}
      <Divider />
      <Section title="Files">
        <TaskFiles task={task} isMember={isMember} />
      </Section>
      <Divider />
      <Section title="Comments">
        <TaskComments task={task} canComment={isMember} />
      </Section>
      {hold.dialog}
    </Box>
  );
}
