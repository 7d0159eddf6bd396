import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import DashboardPage from '../../features/dashboard/routes/dashboard';

// Loaded with its data, outside the first-load budget (as the dashboard's work sections are).
const ProjectsForYou = lazy(() =>
  import('../../features/projects/components/projects-for-you').then((m) => ({ default: m.ProjectsForYou })),
);

/** /: the dashboard, with the projects feature's "Projects for you" for developers (DESIGN §17). */
export default function HomePage() {
  return (
    <DashboardPage
      forDeveloper={
        <Suspense fallback={<Skeleton variant="rounded" height={180} sx={{ mb: 4 }} />}>
          <ProjectsForYou />
        </Suspense>
      }
    />
  );
}
