import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { NewProjectDialog } from '../components/new-project-dialog';

/** /project/new: the New Project dialog over the page; closing it goes back. */
export default function NewProjectPage() {
  useDocumentTitle('New project');
  const navigate = useNavigate();
  return <NewProjectDialog open onClose={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))} />;
}
