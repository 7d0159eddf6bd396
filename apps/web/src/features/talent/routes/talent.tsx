import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Find Talent" text="Vetted developers you can hire." />;
}
