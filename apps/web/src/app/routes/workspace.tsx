import { PagePlaceholder } from '../../components/page-placeholder';

/** Project workspace: left menu, Board / Tasks / Team / Settings (projects and tasks issues). */
export default function WorkspacePage() {
  return <PagePlaceholder title="Project workspace" text="Board, tasks, team and settings." />;
}
