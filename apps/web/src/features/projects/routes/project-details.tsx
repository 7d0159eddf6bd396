import { PROJECT_MSG } from '@devmarket/contract/project-texts';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import LockIcon from '@mui/icons-material/Lock';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import PublicIcon from '@mui/icons-material/Public';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { ProjectAvatar } from '../../../components/project-avatar';
import { encodeRedirect } from '../../../lib/base64';
import { formatUsdt } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useHasInvite } from '../api/accept-invite';
import { InviteAnswer } from '../components/invite-answer';
import { useProjectDetails } from '../api/get-project-details';
import { ApplyDialog } from '../components/apply-dialog';
import { RatingSummary } from '../../../components/rating-summary';
import { Markdown } from '../../../components/markdown';

/** /project/{handle}/details: what the project is about, and how to apply (spec §2). */
export default function ProjectDetailsPage() {
  const { projectHandle = '' } = useParams();
  const details = useProjectDetails(projectHandle);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [applyOpen, setApplyOpen] = useState(false);
  const [applied, setApplied] = useState(false);
  useDocumentTitle(details.data?.name ?? 'Project details');
  const invite = useHasInvite(details.data?.id ?? '', Boolean(user && details.data && !details.data.viewer?.isMember));
  const isInvited = invite.data?.hasInvite === true;

  if (details.isPending) return <DetailsSkeleton />;
  if (details.isError) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          Project not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The project you are looking for does not exist or is not public.
        </Typography>
        <Button variant="contained" component={RouterLink} to={paths.projects.href()}>
          Find Projects
        </Button>
      </Paper>
    );
  }
  const p = details.data;
  const viewer = p.viewer;
  const hasApplied = applied || Boolean(viewer?.hasApplied);
  // An invited developer answers the invite instead of applying.
  const canApply = !isInvited && (!viewer || (!viewer.isMember && user?.type === 'Developer'));
  const isPublic = p.visibility === 'Public';

  const onApply = () => {
    if (!user) {
      navigate(paths.login.href(encodeRedirect(paths.projectDetails.href(p.handle))));
      return;
    }
    setApplyOpen(true);
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 320px' }, alignItems: 'start' }}>
      {isInvited && <InviteOnDetails projectId={p.id} projectName={p.name} />}
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 3 }}>
          <ProjectAvatar name={p.name} image={p.image} size={64} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, wordBreak: 'break-word' }}>
              {p.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap', rowGap: 1 }}>
              <Typography color="text.secondary">{p.company}</Typography>
              {isPublic ? (
                <Tooltip title={PROJECT_MSG.publicTooltip}>
                  <Chip
                    icon={<PublicIcon />}
                    label="Public"
                    size="small"
                    color="primary"
                    variant="outlined"
                    tabIndex={0}
                  />
                </Tooltip>
              ) : (
                <Chip icon={<LockIcon />} label="Private" size="small" variant="outlined" />
              )}
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            {canApply && (
              <Button variant="contained" onClick={onApply} disabled={hasApplied}>
                {hasApplied ? 'Applied' : 'Apply'}
              </Button>
            )}
            {(isPublic || viewer?.isMember) && user && (
              <Button variant="outlined" component={RouterLink} to={paths.project.href(p.handle)}>
                Open
              </Button>
            )}
          </Stack>
        </Stack>
        <Divider sx={{ mb: 3 }} />
        <Markdown>{p.description}</Markdown>
      </Paper>

      <Stack spacing={2} component="aside" aria-label="About this project">
        {p.verified && (
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <VerifiedIcon color="primary" />
              <Typography variant="h6">Verified</Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              DevMarket verified this client's identity and payment method.
            </Typography>
          </Paper>
        )}
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Stack spacing={1.5}>
            {/* What a developer deciding to apply weighs (issue 28): the open budget and open tasks. */}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <PaymentsOutlinedIcon color="action" />
              <Typography variant="body2">
                {Number(p.budget) > 0 ? (
                  <>
                    <strong>{formatUsdt(p.budget)}</strong> budget
                  </>
                ) : (
                  'No open priced tasks'
                )}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <AssignmentOutlinedIcon color="action" />
              <Typography variant="body2">
                {p.openTasks > 0 ? `${p.openTasks} open task${p.openTasks === 1 ? '' : 's'}` : 'No open tasks'}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <PlaceOutlinedIcon color="action" />
              <Typography variant="body2">{p.location || 'Location not given'}</Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TaskAltIcon color="action" />
              <Typography variant="body2">
                {p.completedTasks > 0
                  ? `${p.completedTasks} completed task${p.completedTasks === 1 ? '' : 's'}`
                  : 'No completed tasks yet'}
              </Typography>
            </Stack>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-label="About the client">
          <Typography variant="h6" sx={{ mb: 1 }}>
            About the client
          </Typography>
          <Stack spacing={0.75}>
            <RatingSummary rating={p.client.rating} label="Rating as a client" />
            <Typography variant="body2">
              <strong>{formatUsdt(p.client.totalSpent)}</strong> total spent
            </Typography>
            <Typography variant="body2">
              {p.client.hires} {p.client.hires === 1 ? 'hire' : 'hires'}
            </Typography>
          </Stack>
        </Paper>
        {p.tagList.length > 0 && (
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Typography variant="h6" sx={{ mb: 1 }}>
              Tags
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
              {p.tagList.map((t) => (
                <Chip key={t} label={t} size="small" />
              ))}
            </Stack>
          </Paper>
        )}
      </Stack>

      <ApplyDialog
        open={applyOpen}
        projectId={p.id}
        projectName={p.name}
        onClose={() => setApplyOpen(false)}
        onApplied={() => {
          setApplied(true);
          setApplyOpen(false);
        }}
      />
    </Box>
  );
}

function DetailsSkeleton() {
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 320px' } }}
      role="status"
      aria-label="Loading"
    >
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 3 }}>
          <Skeleton variant="rounded" width={64} height={64} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="50%" height={40} />
            <Skeleton width="30%" />
          </Box>
        </Stack>
        <Skeleton />
        <Skeleton />
        <Skeleton width="80%" />
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Skeleton />
        <Skeleton />
      </Paper>
    </Box>
  );
}

/** The invited developer's one clear choice: Accept (join, open the workspace) or Decline. */
function InviteOnDetails({ projectId, projectName }: { projectId: string; projectName: string }) {
  const navigate = useNavigate();
  return (
    <InviteAnswer
      projectId={projectId}
      projectName={projectName}
      sx={{ gridColumn: '1 / -1', alignItems: 'center', flexWrap: 'wrap' }}
      exclusive
      onAccepted={(r) => navigate(paths.project.href(r.handle))}
    />
  );
}
