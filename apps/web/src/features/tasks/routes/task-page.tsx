import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { PageLoading } from '../../../components/loading';
import { useProject } from '../../../lib/project-queries';
import { useTask } from '../api/get-task';
import { useTaskByIdentifier } from '../api/get-task-by-identifier';
import { TaskPanel } from '../components/task-panel';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /task/{taskIdentifier}: the task as a page, with a link back to its project (spec §2). A task id
 * (what a transaction knows of its task) is taken too, and the address becomes the identifier.
 */
export default function TaskPage() {
  const { taskIdentifier = '' } = useParams();
  const isId = UUID.test(taskIdentifier);
  const byIdentifier = useTaskByIdentifier(isId ? '' : taskIdentifier);
  const byId = useTask(isId ? taskIdentifier : null);
  const task = isId ? byId : byIdentifier;
  const project = useProject({ id: task.data?.projectID });
  const navigate = useNavigate();
  const identifier = task.data?.identifier;
  useEffect(() => {
    if (isId && identifier) void navigate(paths.task.href(identifier), { replace: true });
  }, [isId, identifier, navigate]);

  if (task.isError || project.isError) {
    return (
      <Box sx={{ maxWidth: 800, mx: 'auto', p: 2 }}>
        <Alert severity="error" sx={{ mb: 2 }}>
          {task.isError ? `Task ${taskIdentifier} was not found.` : 'The project of this task could not be loaded.'}
        </Alert>
        <Button component={RouterLink} to={paths.home.href()} variant="contained">
          Return Home
        </Button>
      </Box>
    );
  }
  if (!task.data || !project.data) return <PageLoading />;

  return (
    <Box sx={{ maxWidth: 800, mx: 'auto', px: { xs: 0, sm: 2 }, py: { xs: 1, sm: 3 } }}>
      <Paper variant="outlined" sx={{ borderRadius: 3 }}>
        <TaskPanel
          project={project.data}
          taskId={task.data.id}
          header={
            <Link
              component={RouterLink}
              to={paths.project.href(project.data.handle)}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, width: 'fit-content' }}
            >
              <ArrowBackIcon fontSize="small" />
              Back to {project.data.name}
            </Link>
          }
        />
      </Paper>
    </Box>
  );
}
