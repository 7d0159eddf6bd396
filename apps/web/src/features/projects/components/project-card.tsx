import type { Project } from '@devmarket/contract';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ProjectAvatar } from '../../../components/project-avatar';

/** A project in a list: links to its details page (spec §2 /projects). */
export function ProjectCard({ project, to }: { project: Project; to: string }) {
  const tags = project.tags.split(',').filter(Boolean);
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{
          height: '100%',
          p: 2.5,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <ProjectAvatar name={project.name} image={project.image} size={44} />
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" component="h2" noWrap>
                {project.name}
              </Typography>
              {project.verified && (
                <Tooltip title="Verified project">
                  <VerifiedIcon color="primary" sx={{ fontSize: 18 }} aria-label="Verified" />
                </Tooltip>
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary" noWrap>
              {project.company}
            </Typography>
          </Box>
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            flexGrow: 1,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {project.shortDescription || 'No description yet.'}
        </Typography>
        {tags.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 1.5 }}>
            {tags.slice(0, 5).map((t) => (
              <Chip key={t} label={t} size="small" variant="outlined" />
            ))}
          </Stack>
        )}
      </CardActionArea>
    </Card>
  );
}

export function ProjectCardSkeleton() {
  return (
    <Card sx={{ p: 2.5, height: '100%' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Skeleton variant="rounded" width={44} height={44} />
        <Box sx={{ flexGrow: 1 }}>
          <Skeleton width="60%" />
          <Skeleton width="40%" />
        </Box>
      </Stack>
      <Skeleton />
      <Skeleton />
      <Skeleton width="70%" />
    </Card>
  );
}
