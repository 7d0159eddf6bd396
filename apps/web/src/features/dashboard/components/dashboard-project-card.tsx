import type { Project } from '@devmarket/contract';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { ProjectAvatar } from '../../../components/project-avatar';

/** One of the user's projects: opens its workspace; Owner chip and verified icon (spec §2 Dashboard). */
export function DashboardProjectCard({ project, isOwner }: { project: Project; isOwner: boolean }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.project.href(project.handle)}
        aria-label={project.name}
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
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" component="h3" noWrap>
                {project.name}
              </Typography>
              {project.verified !== null && (
                // A native title, not MUI's Tooltip: Tooltip and Popper would add 13 KB to the first load of /.
                <VerifiedIcon color="primary" sx={{ fontSize: 18 }} titleAccess="Verified project" />
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary" noWrap>
              {project.company}
            </Typography>
          </Box>
          {isOwner && <Chip label="Owner" size="small" color="primary" />}
        </Stack>
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
      </CardActionArea>
    </Card>
  );
}
