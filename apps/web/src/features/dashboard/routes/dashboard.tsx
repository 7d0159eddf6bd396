import AddIcon from '@mui/icons-material/Add';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { PROJECT_VIEW_KEY, paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { myProjectsQueryOptions } from '../../../lib/projects';
import { useCurrentUser } from '../../../lib/session';
import { useDashboard } from '../api/get-dashboard';
import { DashboardProjectCard } from '../components/dashboard-project-card';

// The work sections render once GET /dashboard answers: their code loads alongside the data and
// stays out of the first-load budget.
const DeveloperWork = lazy(() => import('../components/work-sections').then((m) => ({ default: m.DeveloperWork })));
const ClientWork = lazy(() => import('../components/work-sections').then((m) => ({ default: m.ClientWork })));

/** Forgets every project's remembered workspace view (spec §2: the dashboard clears it). */
function clearRememberedProjectViews() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key === PROJECT_VIEW_KEY || key.startsWith(`${PROJECT_VIEW_KEY}:`)) localStorage.removeItem(key);
    }
  } catch {
    /* storage unavailable */
  }
}

/** One of the role's buttons at the top: a link, outlined unless it is the main one. */
function ActionLink({
  to,
  icon,
  primary,
  children,
}: {
  to: string;
  icon: React.ReactNode;
  primary?: boolean;
  children: string;
}) {
  return (
    <Button variant={primary ? 'contained' : 'outlined'} startIcon={icon} component={RouterLink} to={to}>
      {children}
    </Button>
  );
}

/**
 * /: role buttons and the user's projects (spec §2 Dashboard). `forDeveloper` is what other
 * features add for a developer (composed in src/app: "Projects for you", DESIGN §17).
 */
export default function DashboardPage({ forDeveloper }: { forDeveloper?: React.ReactNode } = {}) {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  const projects = useQuery(myProjectsQueryOptions());
  const work = useDashboard();
  useEffect(clearRememberedProjectViews, []);
  if (!user) return null;
  // Staff work in the console (DESIGN §10).
  if (user.isStaff) return <Navigate to={paths.admin.href()} replace />;
  const isClient = user.type === 'Client';

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 4 }}
      >
        <Box>
          <Typography variant="h1">
            {isNewAccount(user.createdAt)
              ? `Welcome to DevMarket, ${user.firstName}`
              : `Welcome back, ${user.firstName}`}
          </Typography>
          <Typography color="text.secondary">
            {isClient ? 'Run your projects and find the right developers.' : 'Your projects, tasks and earnings.'}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {isClient ? (
            <>
              <ActionLink to={paths.talent.href()} icon={<PersonSearchOutlinedIcon />}>
                Find Talent
              </ActionLink>
              <ActionLink to={paths.newProject.href()} icon={<AddIcon />} primary>
                Create Project
              </ActionLink>
              <ActionLink to={paths.messages.href()} icon={<ChatOutlinedIcon />}>
                Messages
              </ActionLink>
            </>
          ) : (
            <>
              <ActionLink to={paths.projects.href()} icon={<SearchIcon />} primary>
                Find Projects
              </ActionLink>
              <ActionLink to={paths.messages.href()} icon={<ChatOutlinedIcon />}>
                Messages
              </ActionLink>
              <ActionLink to={paths.finances.href()} icon={<PaymentsOutlinedIcon />}>
                Withdraw Earnings
              </ActionLink>
            </>
          )}
        </Stack>
      </Stack>

      <Suspense fallback={<WorkSkeleton />}>
        {work.isPending ? (
          <WorkSkeleton />
        ) : work.data?.kind === 'Developer' ? (
          <DeveloperWork data={work.data} />
        ) : work.data?.kind === 'Client' ? (
          <ClientWork data={work.data} />
        ) : null}
      </Suspense>

      {!isClient && forDeveloper}

      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        Your projects
      </Typography>
      {projects.isPending ? (
        <Grid>
          {[0, 1, 2].map((i) => (
            <Card key={i} sx={{ p: 2.5 }}>
              <Skeleton width="60%" height={32} />
              <Skeleton />
              <Skeleton width="40%" />
            </Card>
          ))}
        </Grid>
      ) : projects.isError ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>Your projects could not be loaded. Reload the page to try again.</Typography>
        </Paper>
      ) : projects.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
          <FolderOpenOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          {isClient ? (
            <>
              <Typography variant="h3" sx={{ mt: 1, mb: 1 }}>
                Start your first project
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 480, mx: 'auto' }}>
                Create a project to plan tasks on a board, then invite vetted developers or let them apply.
              </Typography>
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.newProject.href()}>
                Create Project
              </Button>
            </>
          ) : (
            <>
              <Typography variant="h3" sx={{ mt: 1, mb: 1 }}>
                You are not on a project yet
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 480, mx: 'auto' }}>
                Browse open projects and apply with a short message. Clients can also invite you from your profile.
              </Typography>
              <Button variant="contained" startIcon={<SearchIcon />} component={RouterLink} to={paths.projects.href()}>
                Find Projects
              </Button>
            </>
          )}
        </Paper>
      ) : (
        <Grid>
          {projects.data.map((p) => (
            <DashboardProjectCard key={p.id} project={p} isOwner={p.ownerID === user.id} />
          ))}
        </Grid>
      )}
    </Box>
  );
}

function Grid({ children }: { children: React.ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
    >
      {children}
    </Box>
  );
}

function WorkSkeleton() {
  return (
    <Box role="status" aria-label="Loading your work" sx={{ mb: 4 }}>
      <Skeleton variant="rounded" height={180} />
    </Box>
  );
}

/** A person who signed up today has not been here before: no "Welcome back" yet. */
const isNewAccount = (createdAt: string) => Date.now() - new Date(createdAt).getTime() < 86_400_000;
