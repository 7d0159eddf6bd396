import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Staff console" text="Developer reviews, transactions, projects and the outbox." />;
}
