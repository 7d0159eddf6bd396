import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Project workspace" text="Board, tasks, team and settings." />;
}
