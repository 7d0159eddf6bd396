import { displayMoney, type ProjectListing } from '@devmarket/contract';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
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
import { RatingSummary } from '../../../components/rating-summary';
import { formatDate } from '../../../lib/format';

/** A project in a list: links to its details page (spec §2 /projects). */
export function ProjectCard({ project, to }: { project: ProjectListing; to: string }) {
  const tags = project.tags.split(',').filter(Boolean);
  const budget = Number(project.budget);
  const client = project.client;
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
          {project.excerpt || 'No description yet.'}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 1.5,
            rowGap: 0.25,
            m: 0,
            mt: 1.5,
            '& dt': { color: 'text.secondary', typography: 'body2' },
            '& dd': { m: 0, typography: 'body2', fontWeight: 600, minWidth: 0 },
          }}
        >
          <dt>Budget</dt>
          <dd>{budget > 0 ? `${displayMoney(project.budget)} USDT` : 'No open priced tasks'}</dd>
          <dt>Posted</dt>
          <dd>{formatDate(project.createdAt)}</dd>
          <dt>Applicants</dt>
          <dd>{project.applicants}</dd>
          <dt>Client</dt>
          <dd>
            <RatingSummary rating={client.rating} />
          </dd>
          <dt>Spent</dt>
          <dd>
            {displayMoney(client.totalSpent)} USDT · {client.hires} {client.hires === 1 ? 'hire' : 'hires'}
          </dd>
        </Box>
        {client.location && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.75, minWidth: 0 }}>
            <PlaceOutlinedIcon sx={{ fontSize: 18, color: 'text.secondary' }} aria-hidden />
            <Typography variant="body2" color="text.secondary" noWrap>
              {client.location}
            </Typography>
          </Box>
        )}
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
