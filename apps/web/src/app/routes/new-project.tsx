import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/page-placeholder';
import { NewProjectDialog } from '../../features/projects/components/new-project-dialog';
import { useCurrentUser } from '../../lib/session';
import { GuestAuth } from '../components/guest-auth';

/** /project/new: the New Project dialog over the page; closing it goes back. */
export default function NewProjectPage() {
  useDocumentTitle('New project');
  const navigate = useNavigate();
  const user = useCurrentUser();
  return (
    <NewProjectDialog
      open
      guestAuth={<GuestAuth user={user} />}
      onClose={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
    />
  );
}
