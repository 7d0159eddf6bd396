import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Finances" text="Your USDT balance and transactions." />;
}
