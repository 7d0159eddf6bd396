import { MATCHING_MSG, PROJECT_MSG, type ProjectWithUsers, type RecommendedTalent } from '@devmarket/contract';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { RatingSummary } from '../../../components/rating-summary';
import { UserAvatar } from '../../../components/user-avatar';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRecommendedTalent } from '../api/get-recommended-talent';
import { useInviteUser } from '../api/invite-user';
import { fullName } from './member-name';

const wrap = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

/**
 * The owner's "Recommended for this project" (DESIGN §17): approved developers whose tags match
 * the project's, best first, each with the tags they match, rating, paid tasks and Invite (the
 * same invite as from a profile). Invited developers leave the list (the answer refreshes).
 */
export function RecommendedTalentSection({ project }: { project: ProjectWithUsers }) {
  const hasTags = project.tags.split(',').some((t) => t.trim());
  const talent = useRecommendedTalent(project.id, hasTags);
  return (
    <Box component="section" aria-labelledby="recommended-title" sx={{ mt: 4 }}>
      <Typography id="recommended-title" variant="h3" component="h2" sx={{ mb: 0.5 }}>
        {MATCHING_MSG.talentHeading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Approved developers whose skills match this project’s tags and who are not on the team, invited or applying.
      </Typography>
      {!hasTags ? (
        <Empty text={MATCHING_MSG.talentEmptyNoTags}>
          <Button variant="contained" component={RouterLink} to={`${paths.project.href(project.handle)}?view=settings`}>
            Add tags in Settings
          </Button>
        </Empty>
      ) : talent.isPending ? (
        <Stack spacing={1.5} role="status" aria-label="Loading recommendations">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={72} />
          ))}
        </Stack>
      ) : talent.isError ? (
        <Empty text="Recommendations could not be loaded.">
          <Button onClick={() => talent.refetch()}>Try again</Button>
        </Empty>
      ) : talent.data.length === 0 ? (
        <Empty text={MATCHING_MSG.talentEmpty}>
          <Button component={RouterLink} to={paths.talent.href()}>
            Find Talent
          </Button>
        </Empty>
      ) : (
        <Paper
          variant="outlined"
          component="ul"
          aria-label={MATCHING_MSG.talentHeading}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {talent.data.map((r, i) => (
            <TalentRow key={r.user.id} projectId={project.id} rec={r} first={i === 0} />
          ))}
        </Paper>
      )}
    </Box>
  );
}

function Empty({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, textAlign: 'center' }}>
      <Typography color="text.secondary" sx={{ mb: children ? 2 : 0, maxWidth: 560, mx: 'auto' }}>
        {text}
      </Typography>
      {children}
    </Paper>
  );
}

function TalentRow({ projectId, rec, first }: { projectId: string; rec: RecommendedTalent; first: boolean }) {
  const invite = useInviteUser();
  const { user } = rec;
  const name = fullName(user);
  const onInvite = async () => {
    try {
      await invite.mutateAsync({ projectId, userID: user.id });
      notify(PROJECT_MSG.invited);
    } catch (err) {
      handleFailure(err);
    }
  };
  return (
    <Box
      component="li"
      aria-label={name}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        p: 2,
        borderTop: first ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flex: '1 1 220px' }}>
        <UserAvatar user={user} />
        <Box sx={{ minWidth: 0 }}>
          {user.username ? (
            <Link
              component={RouterLink}
              to={paths.developer.href(user.username)}
              underline="hover"
              sx={{ fontWeight: 600, ...wrap }}
            >
              {name}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600, ...wrap }}>{name}</Typography>
          )}
          {user.title && (
            <Typography variant="body2" color="text.secondary" sx={wrap}>
              {user.title}
            </Typography>
          )}
        </Box>
      </Stack>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 0.5 }}
          role="list"
          aria-label={`Matching tags of ${name}`}
        >
          {rec.matchedTags.map((t) => (
            <Chip
              key={t}
              role="listitem"
              label={t}
              size="small"
              color="primary"
              variant="outlined"
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center' }}>
          <RatingSummary rating={user.rating} />
          <Typography variant="body2" color="text.secondary">
            {user.completedPaidTasks} completed {user.completedPaidTasks === 1 ? 'task' : 'tasks'}
          </Typography>
        </Stack>
      </Box>
      <Button
        variant="contained"
        size="small"
        startIcon={<PersonAddAlt1Outlined />}
        onClick={onInvite}
        disabled={invite.isPending}
        aria-label={`Invite ${name}`}
        sx={{ ml: 'auto' }}
      >
        Invite
      </Button>
    </Box>
  );
}
