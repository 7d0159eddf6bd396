import { displayMoney, MATCHING_MSG, type RecommendedProject } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { ProjectAvatar } from '../../../components/project-avatar';
import { useCurrentUser } from '../../../lib/session';
import { useRecommendedProjects } from '../api/get-recommended-projects';
import { projectPageKeys } from '../api/keys';
import { ApplyDialog } from './apply-dialog';

const wrap = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

/**
 * A developer's "Projects for you" (DESIGN §17): public projects that share their tags, most
 * matched tags first, with the tags they match and Apply. Applying takes the project off the list.
 */
export function ProjectsForYou() {
  const me = useCurrentUser();
  const recommended = useRecommendedProjects();
  const hasTags = (me?.tags.length ?? 0) > 0;
  return (
    <Box component="section" aria-labelledby="for-you-title" sx={{ mb: 4 }}>
      <Typography id="for-you-title" variant="h3" component="h2" sx={{ mb: 0.5 }}>
        {MATCHING_MSG.projectsHeading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Open projects that need your skills, by the tags on your profile.
      </Typography>
      {recommended.isPending ? (
        <Grid>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={150} />
          ))}
        </Grid>
      ) : recommended.isError ? (
        <Empty text="Recommended projects could not be loaded.">
          <Button onClick={() => recommended.refetch()}>Try again</Button>
        </Empty>
      ) : recommended.data.length === 0 ? (
        <Empty text={hasTags ? MATCHING_MSG.projectsEmpty : MATCHING_MSG.projectsEmptyNoTags}>
          <Button variant={hasTags ? 'outlined' : 'contained'} component={RouterLink} to={paths.account.href()}>
            {hasTags ? 'Edit your tags' : 'Add tags to your profile'}
          </Button>
        </Empty>
      ) : (
        <Grid>
          {recommended.data.map((r) => (
            <ForYouCard key={r.project.id} rec={r} />
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

function Empty({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, textAlign: 'center' }}>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560, mx: 'auto' }}>
        {text}
      </Typography>
      {children}
    </Paper>
  );
}

function ForYouCard({ rec }: { rec: RecommendedProject }) {
  const qc = useQueryClient();
  const [applying, setApplying] = useState(false);
  const { project } = rec;
  const budget = Number(project.budget);
  return (
    <Card
      component="article"
      aria-label={project.name}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <ProjectAvatar name={project.name} image={project.image} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={paths.projectDetails.href(project.handle)}
            underline="hover"
            sx={{ fontWeight: 600, display: 'block', ...wrap }}
          >
            {project.name}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={wrap}>
            {project.company}
          </Typography>
        </Box>
      </Stack>
      <Box
        role="list"
        aria-label={`Your tags ${project.name} needs`}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
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
      <Typography variant="body2" color="text.secondary">
        {budget > 0 ? `Open budget ${displayMoney(project.budget)} USDT` : 'No priced open tasks yet'}
        {project.applicants > 0 ? ` · ${project.applicants} applied` : ''}
      </Typography>
      <Box sx={{ mt: 'auto' }}>
        <Button
          variant="contained"
          size="small"
          onClick={() => setApplying(true)}
          aria-label={`Apply to ${project.name}`}
        >
          Apply
        </Button>
      </Box>
      <ApplyDialog
        open={applying}
        projectId={project.id}
        projectName={project.name}
        onClose={() => setApplying(false)}
        onApplied={() => {
          setApplying(false);
          void qc.invalidateQueries({ queryKey: projectPageKeys.allRecommendedProjects });
        }}
      />
    </Card>
  );
}
