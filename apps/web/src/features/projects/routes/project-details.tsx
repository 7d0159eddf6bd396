import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Project details" text="What the project is about, and how to apply." />;
}
