import { PROJECT_MSG, type ProjectWithUsers } from '@devmarket/contract';
import AddTaskIcon from '@mui/icons-material/AddTask';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/page-placeholder';
import { ProjectAvatar } from '../../components/project-avatar';
import { useAcceptInvite, useHasInvite } from '../../features/projects/api/accept-invite';
import { useProject } from '../../features/projects/api/get-project';
import { NewProjectDialog } from '../../features/projects/components/new-project-dialog';
import { GuestAuth } from '../components/guest-auth';
import { SettingsView } from '../../features/projects/components/settings-view';
import { TeamView } from '../../features/projects/components/team-view';
import { BoardView } from '../../features/tasks/components/board-view';
import { TaskDialog, type TaskDialogState } from '../../features/tasks/components/task-dialog';
import { TasksListView } from '../../features/tasks/components/tasks-list-view';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useRealtimeEvent } from '../../lib/realtime';
import { useCurrentUser } from '../../lib/session';
import { PROJECT_VIEW_KEY, paths } from '../paths';

type View = 'board' | 'tasks' | 'team' | 'settings';
const VIEWS: View[] = ['board', 'tasks', 'team', 'settings'];
const viewKey = (projectId: string) => `${PROJECT_VIEW_KEY}:${projectId}`;

function readView(projectId: string): View {
  try {
    const v = localStorage.getItem(viewKey(projectId));
    return VIEWS.includes(v as View) ? (v as View) : 'board';
  } catch {
    return 'board';
  }
}

/**
 * The project workspace, /project/{handle} and /projects/id/{id} (spec §2): a left menu (Create
 * Task, Board, Tasks, Team, Settings for the owner) whose choice is remembered per project; the
 * `invited` query lets an invited developer join; guests get the New Project dialog.
 */
export default function WorkspacePage() {
  const user = useCurrentUser();
  if (!user) return <GuestWorkspace />;
  return <MemberWorkspace />;
}

function MemberWorkspace() {
  const { projectHandle, projectID } = useParams();
  const ref = projectID ? { id: projectID } : { handle: projectHandle ?? '' };
  const project = useProject(ref);
  const qc = useQueryClient();
  useDocumentTitle(project.data?.name ?? 'Project');
  useRealtimeEvent('project', (e) => {
    if (e.data.projectID === project.data?.id) void qc.invalidateQueries({ queryKey: ['projects'] });
  });

  if (project.isPending) return <WorkspaceSkeleton />;
  if (project.isError) {
    const missing = project.error instanceof ApiError && project.error.status === 404;
    return (
      <Box sx={{ p: { xs: 2, md: 4 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {missing ? 'Project not found' : 'Something went wrong'}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {missing ? 'This project does not exist, or you are not on its team.' : 'Reload the page to try again.'}
          </Typography>
          <Button variant="contained" component={RouterLink} to={paths.home.href()}>
            Return Home
          </Button>
        </Paper>
      </Box>
    );
  }
  return <Workspace project={project.data} />;
}

function Workspace({ project }: { project: ProjectWithUsers }) {
  const user = useCurrentUser();
  const [view, setView] = useState<View>(() => readView(project.id));
  const [dialog, setDialog] = useState<TaskDialogState>(null);
  const isOwner = user?.id === project.ownerID;
  const isMember = project.users.some((u) => u.userID === user?.id);

  useEffect(() => setView(readView(project.id)), [project.id]);
  const choose = (v: View) => {
    setView(v);
    try {
      localStorage.setItem(viewKey(project.id), v);
    } catch {
      /* storage unavailable */
    }
  };
  // Settings is in the menu for the owner only; anyone else who lands on it (a remembered view,
  // a role change) gets the lock and 'Unauthorized' from the view itself (spec §2).
  const shown: View = view;

  const items: { key: View | 'create'; label: string; icon: ReactNode; show: boolean }[] = [
    { key: 'create', label: 'Create Task', icon: <AddTaskIcon />, show: isMember },
    { key: 'board', label: 'Board', icon: <ViewKanbanOutlinedIcon />, show: true },
    { key: 'tasks', label: 'Tasks', icon: <ListAltOutlinedIcon />, show: true },
    { key: 'team', label: 'Team', icon: <GroupOutlinedIcon />, show: true },
    { key: 'settings', label: 'Settings', icon: <SettingsOutlinedIcon />, show: isOwner },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', lg: 'row' }, flexGrow: 1, minHeight: 0 }}>
      <Box
        component="nav"
        aria-label="Project menu"
        sx={{
          flexShrink: 0,
          width: { lg: 240 },
          borderRight: { lg: 1 },
          borderBottom: { xs: 1, lg: 0 },
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, pt: 2, pb: { xs: 1, lg: 2 } }}>
          <ProjectAvatar name={project.name} image={project.image} size={36} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }} noWrap title={project.name}>
              {project.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {project.company}
            </Typography>
          </Box>
        </Stack>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'row', lg: 'column' },
            overflowX: { xs: 'auto', lg: 'visible' },
            px: 1,
            pb: 1,
            gap: 0.5,
          }}
        >
          {items
            .filter((i) => i.show)
            .map((i) => (
              <ListItemButton
                key={i.key}
                selected={i.key === shown}
                aria-current={i.key === shown ? 'page' : undefined}
                onClick={() => (i.key === 'create' ? setDialog({ mode: 'create' }) : choose(i.key))}
                sx={{ borderRadius: 1, flexGrow: 0, flexShrink: 0, py: { xs: 0.5, lg: 1 } }}
              >
                <ListItemIcon sx={{ minWidth: { xs: 30, lg: 40 } }}>{i.icon}</ListItemIcon>
                <ListItemText primary={i.label} slotProps={{ primary: { noWrap: true } }} />
              </ListItemButton>
            ))}
        </Box>
      </Box>

      <Box
        component="section"
        aria-label={`${project.name} workspace`}
        sx={{ flexGrow: 1, minWidth: 0, overflow: 'auto', p: { xs: 2, md: 3 } }}
      >
        <InviteBanner project={project} isMember={isMember} />
        {!isMember && project.visibility === 'Public' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            You are viewing this public project read-only.{' '}
            <RouterLink to={paths.projectDetails.href(project.handle)}>See the project details</RouterLink> to apply.
          </Alert>
        )}
        {/* An invitee of a private project sees it only to accept: its tasks are for members. */}
        {!isMember && project.visibility !== 'Public' ? (
          <Alert severity="info">This project is private. Accept the invite to see its tasks and team.</Alert>
        ) : (
          <>
            {shown === 'board' && (
              <BoardView project={project} onOpenTask={(taskId) => setDialog({ mode: 'view', taskId })} />
            )}
            {shown === 'tasks' && (
              <TasksListView
                project={project}
                onOpenTask={(taskId) => setDialog({ mode: 'view', taskId })}
                onCreateTask={() => setDialog({ mode: 'create' })}
              />
            )}
            {shown === 'team' && <TeamView project={project} />}
            {shown === 'settings' && <SettingsView project={project} />}
          </>
        )}
      </Box>
      <TaskDialog project={project} state={dialog} onClose={() => setDialog(null)} />
    </Box>
  );
}

/** Shown while the user has a pending invite (e.g. arriving from the PROJECT_INVITE message link). */
function InviteBanner({ project, isMember }: { project: ProjectWithUsers; isMember: boolean }) {
  const [params, setParams] = useSearchParams();
  const invited = params.get('invited');
  const hasInvite = useHasInvite(project.id, !isMember);
  const accept = useAcceptInvite(project.id);
  if (isMember || !hasInvite.data?.hasInvite) return null;
  const onAccept = async () => {
    try {
      await accept.mutateAsync();
      notify(PROJECT_MSG.inviteAccepted, { text: PROJECT_MSG.inviteAcceptedText });
      if (invited) {
        params.delete('invited');
        setParams(params, { replace: true });
      }
    } catch (err) {
      console.error(err);
    }
  };
  return (
    <Alert
      severity="success"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button variant="contained" size="small" onClick={onAccept} loading={accept.isPending}>
          Accept Invite
        </Button>
      }
    >
      You have been invited to join <strong>{project.name}</strong>.
    </Alert>
  );
}

function WorkspaceSkeleton() {
  return (
    <Box sx={{ display: 'flex', flexGrow: 1 }} role="status" aria-label="Loading">
      <Box sx={{ width: 240, p: 2, display: { xs: 'none', lg: 'block' }, borderRight: 1, borderColor: 'divider' }}>
        <Skeleton height={40} />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Box>
      <Box sx={{ flexGrow: 1, p: 3 }}>
        <Skeleton width="40%" height={40} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </Box>
    </Box>
  );
}

const PLACEHOLDER_COLUMNS = ['ToDo', 'In Progress', 'Review', 'Complete'];

/** A guest sees a placeholder project behind the non-dismissable New Project dialog (spec §2). */
function GuestWorkspace() {
  useDocumentTitle('New project');
  return (
    <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }} aria-hidden>
      <Box
        sx={{
          width: 240,
          p: 2,
          display: { xs: 'none', lg: 'block' },
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <ProjectAvatar name="Your Project" image="__avatar-0" size={36} />
          <Typography sx={{ fontWeight: 700 }}>Your Project</Typography>
        </Stack>
        {['Create Task', 'Board', 'Tasks', 'Team'].map((l) => (
          <Typography key={l} color="text.secondary" sx={{ py: 1, px: 1 }}>
            {l}
          </Typography>
        ))}
      </Box>
      <Box
        sx={{ flexGrow: 1, p: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' } }}
      >
        {PLACEHOLDER_COLUMNS.map((c) => (
          <Paper key={c} variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {c}
            </Typography>
            <Skeleton variant="rounded" height={64} animation={false} sx={{ mb: 1 }} />
            <Skeleton variant="rounded" height={64} animation={false} />
          </Paper>
        ))}
      </Box>
      <NewProjectDialog open guestAuth={<GuestAuth user={null} />} />
    </Box>
  );
}
