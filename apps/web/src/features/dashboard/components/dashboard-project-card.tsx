import type { Project } from '@devmarket/contract';
import VerifiedIcon from '@mui/icons-material/Verified';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { paths } from '../../../app/paths';
import { ProjectCardLink } from '../../../components/project-card-link';

/** One of the user's projects: opens its workspace; Owner chip and verified icon (spec §2 Dashboard). */
export function DashboardProjectCard({ project, isOwner }: { project: Project; isOwner: boolean }) {
  return (
    <ProjectCardLink
      to={paths.project.href(project.handle)}
      label={project.name}
      project={project}
      heading="h3"
      mark={
        project.verified !== null && (
          // A native title, not MUI's Tooltip: Tooltip and Popper would add 13 KB to the first load of /.
          <VerifiedIcon color="primary" sx={{ fontSize: 18 }} titleAccess="Verified project" />
        )
      }
      end={isOwner && <Chip label="Owner" size="small" color="primary" />}
    >
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
      >
        {project.shortDescription || 'No description yet.'}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 1.5 }}>
        {project.visibility} · {project.key}
      </Typography>
    </ProjectCardLink>
  );
}
