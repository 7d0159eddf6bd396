import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Log in" text="Log in to your DevMarket account." />;
}
