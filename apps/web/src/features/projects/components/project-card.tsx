import { displayMoney, type ProjectListing } from '@devmarket/contract';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { ProjectAvatar } from '../../../components/project-avatar';
import { RatingSummary } from '../../../components/rating-summary';
import { formatDate } from '../../../lib/format';
import './project-card.css';

/**
 * A project in a list: links to its details page (spec §2 /projects). Plain elements and CSS
 * (project-card.css), not MUI's Card, action area, chips and tooltip: a page of cards then
 * renders without a long task on a phone (issue 33.2). Texts, order and names are as before.
 */
export function ProjectCard({ project, to }: { project: ProjectListing; to: string }) {
  const tags = project.tags.split(',').filter(Boolean);
  const budget = Number(project.budget);
  const client = project.client;
  return (
    <div className="dm-project-card">
      <RouterLink to={to} className="dm-project-link">
        <div className="dm-project-head">
          <ProjectAvatar name={project.name} image={project.image} size={44} />
          <div className="dm-project-who">
            <div className="dm-project-name-row">
              <h2 className="dm-project-name">{project.name}</h2>
              {project.verified && (
                <span className="dm-project-verified" title="Verified project">
                  <VerifiedIcon fontSize="inherit" aria-label="Verified" />
                </span>
              )}
            </div>
            <p className="dm-project-company">{project.company}</p>
          </div>
        </div>
        <p className="dm-project-excerpt">{project.excerpt || 'No description yet.'}</p>
        <dl className="dm-project-facts">
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
        </dl>
        {client.location && (
          <div className="dm-project-where">
            <PlaceOutlinedIcon fontSize="inherit" aria-hidden />
            <p className="dm-project-place">{client.location}</p>
          </div>
        )}
        {tags.length > 0 && (
          <div className="dm-project-tags">
            {tags.slice(0, 5).map((t) => (
              <span key={t} className="dm-project-tag">
                {t}
              </span>
            ))}
          </div>
        )}
      </RouterLink>
    </div>
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
