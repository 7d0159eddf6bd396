import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Sign up" text="Create your DevMarket account." />;
}
