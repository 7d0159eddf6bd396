import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Dashboard" text="Your projects at a glance." />;
}
