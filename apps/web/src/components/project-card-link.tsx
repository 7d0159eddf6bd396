import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ProjectAvatar } from './project-avatar';

/**
 * A project card that is one link (the dashboard's projects, the Find Projects list): the avatar,
 * the name with its verified `mark`, the company and an optional `end` (a chip; given, even as false, the name takes the row's free space), then `children`.
 */
export function ProjectCardLink({
  to,
  label,
  project,
  heading,
  mark,
  end,
  children,
}: {
  to: string;
  /** The link's accessible name, when its whole text would be too long. */
  label?: string;
  project: { name: string; image: string | null; company: string };
  heading: 'h2' | 'h3';
  mark: React.ReactNode;
  end?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        aria-label={label}
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
          <Box sx={end === undefined ? { minWidth: 0 } : { minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" component={heading} noWrap>
                {project.name}
              </Typography>
              {mark}
            </Stack>
            <Typography variant="body2" color="text.secondary" noWrap>
              {project.company}
            </Typography>
          </Box>
          {end}
        </Stack>
        {children}
      </CardActionArea>
    </Card>
  );
}
