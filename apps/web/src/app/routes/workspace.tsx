import type { ProjectWithUsers } from '@devmarket/contract';
import AddTaskIcon from '@mui/icons-material/AddTask';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
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
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/page-placeholder';
import { ProjectAvatar } from '../../components/project-avatar';
import { useHasInvite } from '../../features/projects/api/accept-invite';
import { InviteAnswer } from '../../features/projects/components/invite-answer';
import { BoardView } from '../../features/tasks/components/board-view';
import type { TaskDialogState } from '../../features/tasks/components/task-dialog';
import { ApiError } from '../../lib/api-client';
import { encodeRedirect } from '../../lib/base64';
import { useProject } from '../../lib/project-queries';
import { useRealtimeEvent } from '../../lib/realtime';
import { useCurrentUser } from '../../lib/session';
import { PageLoading } from '../../components/loading';
import { WORKSPACE_SX, WorkspaceSkeleton } from '../layouts/workspace-skeleton';
import { PROJECT_VIEW_KEY, paths } from '../paths';
import { projectKeys } from '../../lib/projects';

// The board is the view most visits open; the other views and the task dialog (date pickers,
// markdown, uploads: more than the rest of the page together) load when first shown.
const TasksListView = lazy(() =>
  import('../../features/tasks/components/tasks-list-view').then((m) => ({ default: m.TasksListView })),
);
const TeamView = lazy(() =>
  import('../../features/projects/components/team-view').then((m) => ({ default: m.TeamView })),
);
const SettingsView = lazy(() =>
  import('../../features/projects/components/settings-view').then((m) => ({ default: m.SettingsView })),
);
const WebhooksSection = lazy(() =>
  import('../../features/webhooks/components/webhooks-section').then((m) => ({ default: m.WebhooksSection })),
);
const TaskDialog = lazy(() =>
  import('../../features/tasks/components/task-dialog').then((m) => ({ default: m.TaskDialog })),
);

type View = 'board' | 'tasks' | 'team' | 'settings';
const VIEWS: View[] = ['board', 'tasks', 'team', 'settings'];
const viewKey = (projectId: string) => `${PROJECT_VIEW_KEY}:${projectId}`;

function readView(projectId: string, search: string): View {
  // A link may name the view (?view=team, or ?view=applicants from a notification).
  const asked = new URLSearchParams(search).get('view');
  if (asked === 'applicants') return 'team';
  if (VIEWS.includes(asked as View)) return asked as View;
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
 * `invited` query lets an invited developer join; a guest is asked to log in (DESIGN §13).
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
    if (e.data.projectID === project.data?.id) void qc.invalidateQueries({ queryKey: projectKeys.all });
  });

  // The workspace's first draw (menu, board toolbar, dialogs) is large: drawn from this deferred
  // copy, React draws it as a transition in slices of a few milliseconds, not as one long task when
  // the project arrives (issue 33: total blocking time). The skeleton stays meanwhile; a copy of
  // another project (the previous address's) is never drawn.
  const shown = useDeferredValue(project.data);
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
  if (!shown || shown.id !== project.data?.id) return <WorkspaceSkeleton standalone />;
  return <Workspace project={shown} />;
}

function Workspace({ project }: { project: ProjectWithUsers }) {
  const user = useCurrentUser();
  const { search } = useLocation();
  const [view, setView] = useState<View>(() => readView(project.id, search));
  const [dialog, setDialog] = useState<TaskDialogState>(null);
  const dialogUsed = useOnceTrue(dialog !== null);
  const isOwner = user?.id === project.ownerID;
  const isMember = project.users.some((u) => u.userID === user?.id);
  const invited = useHasInvite(project.id, !isMember).data?.hasInvite === true;
  const teamTab = new URLSearchParams(search).get('view') === 'applicants' ? 2 : 0;

  // Another project's address: its own view (the address's query is read with it, not followed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new project re-reads the view.
  useEffect(() => setView(readView(project.id, search)), [project.id]);
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
    <Box sx={WORKSPACE_SX.page}>
      <Box component="nav" aria-label="Project menu" sx={WORKSPACE_SX.menu}>
        <Box sx={WORKSPACE_SX.menuHeader}>
          <ProjectAvatar name={project.name} image={project.image} size={36} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }} noWrap title={project.name}>
              {project.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {project.company}
            </Typography>
          </Box>
        </Box>
        {/* Below 960 px every item fits in one row (icon over label on phones): nothing hides off the edge. */}
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'row', lg: 'column' },
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
                // The phone layout shows a short label ("Create"); the name stays the full one.
                aria-label={i.label}
                onClick={() => (i.key === 'create' ? setDialog({ mode: 'create' }) : choose(i.key))}
                sx={{
                  borderRadius: 1,
                  flex: { xs: '1 1 0', md: '0 0 auto' },
                  minWidth: 0,
                  flexDirection: { xs: 'column', md: 'row' },
                  px: { xs: 0.5, md: 2 },
                  py: { xs: 0.5, lg: 1 },
                }}
              >
                <ListItemIcon sx={{ minWidth: { xs: 0, md: 30, lg: 40 }, justifyContent: 'center' }}>
                  {i.icon}
                </ListItemIcon>
                <ListItemText
                  primary={i.key === 'create' ? <ShortLabel short="Create" long={i.label} /> : i.label}
                  sx={{
                    my: { xs: 0.25, md: 0.5 },
                    textAlign: { xs: 'center', md: 'left' },
                    width: { xs: '100%', md: 'auto' },
                  }}
                  slotProps={{ primary: { noWrap: true, sx: { fontSize: { xs: '0.75rem', md: 'inherit' } } } }}
                />
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
        {/* The invite banner says what to do; the read-only note would contradict it. */}
        {!isMember && !invited && project.visibility === 'Public' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            You are viewing this public project read-only.{' '}
            <RouterLink to={paths.projectDetails.href(project.handle)}>See the project details</RouterLink> to apply.
          </Alert>
        )}
        {/* An invitee of a private project sees it only to accept: its tasks are for members. */}
        {!isMember && project.visibility !== 'Public' ? (
          <Alert severity="info">This project is private. Accept the invite to see its tasks and team.</Alert>
        ) : (
          <Suspense fallback={<PageLoading />}>
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
            {shown === 'team' && <TeamView project={project} initialTab={teamTab} />}
            {shown === 'settings' && (
              <SettingsView project={project}>{isOwner && <WebhooksSection projectId={project.id} />}</SettingsView>
            )}
          </Suspense>
        )}
      </Box>
      {/* Mounted from the first opening on, so closing keeps its transition. */}
      {dialogUsed && (
        <Suspense fallback={null}>
          <TaskDialog project={project} state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Box>
  );
}

/** False until `value` is first true, then true for good. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** "Create" on phones, where five items share 375 px; the full label from 960 px. */
function ShortLabel({ short, long }: { short: string; long: string }) {
  return (
    <>
      <Box component="span" sx={{ display: { xs: 'inline', md: 'none' } }}>
        {short}
      </Box>
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
        {long}
      </Box>
    </>
  );
}

/** Shown while the user has a pending invite (e.g. arriving from the PROJECT_INVITE message link). */
function InviteBanner({ project, isMember }: { project: ProjectWithUsers; isMember: boolean }) {
  const [params, setParams] = useSearchParams();
  const invited = params.get('invited');
  const hasInvite = useHasInvite(project.id, !isMember);
  const navigate = useNavigate();
  if (isMember || !hasInvite.data?.hasInvite) return null;
  return (
    <InviteAnswer
      projectId={project.id}
      projectName={project.name}
      sx={{ mb: 2, alignItems: 'center' }}
      onAccepted={() => {
        if (invited) {
          params.delete('invited');
          setParams(params, { replace: true });
        }
      }}
      onDeclined={() => navigate(paths.home.href())}
    />
  );
}

export const PRIVATE_PROJECT_TEXT = 'This project is private or does not exist. Log in to continue.';

/**
 * A guest opening a project link: the API shows projects to their team only, so say so and offer
 * a login that comes back to this link (DESIGN §13), instead of the New Project sign-up dialog.
 */
function GuestWorkspace() {
  useDocumentTitle('Log in to continue');
  const location = useLocation();
  const back = encodeRedirect(location.pathname + location.search);
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, flexGrow: 1 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
        <LockOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h1" sx={{ mt: 1, mb: 1, fontSize: '1.5rem' }}>
          Log in to continue
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {PRIVATE_PROJECT_TEXT}
        </Typography>
        <Button variant="contained" size="large" component={RouterLink} to={paths.login.href(back)}>
          Log in
        </Button>
      </Paper>
    </Box>
  );
}
