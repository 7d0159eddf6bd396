import DashboardPage from '../../features/dashboard/routes/dashboard';
import { ProjectsForYou } from '../../features/projects/components/projects-for-you';

/** /: the dashboard, with the projects feature's "Projects for you" for developers (DESIGN §17). */
export default function HomePage() {
  return <DashboardPage forDeveloper={<ProjectsForYou />} />;
}
